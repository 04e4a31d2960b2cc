def faster(slow, fast):
    # 单侧：每一次计时都比另一边的每一次都快，才算"提升速度"（不是"不比它慢"）
    return max(fast) < min(slow)


def no_real_cost(base, other):
    # 没什么额外开销：中位数最多慢 10%
    return statistics.median(other) <= statistics.median(base) * 1.10


def flat(key, benchmark):
    values = [run[key] for run in runs[benchmark]]
    return [t for v in values for t in (v if isinstance(v, list) else [v])]


assert all(t > 0 for b in runs for key in runs[b][0] for t in flat(key, b))

# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：提升一点训练速度（输入尺寸固定时 benchmark=True 更快），而且没什么额外开销（输入尺寸变化时也不明显变慢）
note_claim_holds = (faster(flat("fixed", False), flat("fixed", True))
                    and no_real_cost(flat("new_sizes", False), flat("new_sizes", True)))
# 对照：同样两个测量，用在确实更快、确实没有额外开销的情况上，应得 True:
# batch 小 1/4（同一进程、同一设置）比 batch 32 快；尺寸都见过以后 benchmark=True 不再试跑
note_claim_control = (faster(flat("fixed", False), flat("smaller_batch", False))
                      and no_real_cost(flat("seen_sizes", False), flat("seen_sizes", True)))
