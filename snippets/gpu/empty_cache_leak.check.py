assert torch.cuda.memory_reserved() >= torch.cuda.memory_allocated()


def slows_down(times):
    # 越来越慢：最后 10 步的平均耗时超过第 2-11 步的 2 倍
    return ms(times[-10:]) > 2 * ms(times[1:11])


def memory_grows(allocated):
    # 显存越积越多：每步增长 1 KiB 以上（512 B 是分配器的最小块）
    return (allocated[-1] - allocated[0]) // (len(allocated) - 1) >= 1024


# 不调用 empty_cache 时，留住计算图的循环确实越来越慢，显存也越来越多：笔记描述的现象
assert slows_down(results[(False, None)][0]) and memory_grows(results[(False, None)][1])
# 笔记的说法是否成立（本站据此标注核查结果）：周期性地 empty_cache 能让训练不再越来越慢吗？
# 网格：empty_cache 每 1 步 / 每 10 步 x 量步时（笔记说的速度）/ 量显存（速度变慢的原因之一）
note_claim_cases = {
    "empty_cache=every step, measure=step time": not slows_down(results[(False, 1)][0]),
    "empty_cache=every 10 steps, measure=step time": not slows_down(results[(False, 10)][0]),
    "empty_cache=every step, measure=memory_allocated": not memory_grows(results[(False, 1)][1]),
    "empty_cache=every 10 steps, measure=memory_allocated": not memory_grows(results[(False, 10)][1]),
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的量法用在真正修好的循环 (h.detach()) 上：不再变慢，得 True
note_claim_control = not slows_down(results[(True, 1)][0])
assert not memory_grows(results[(True, 1)][1])
