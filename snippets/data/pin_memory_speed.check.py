def clearly_faster(a_ms, b_ms):
    # a 比 b 快 10% 以上吗（超出计时的抖动）?
    return a_ms < 0.9 * b_ms


def best_copy_ms(t, non_blocking, repeats=10):
    # 拷到显存的最短用时（CUDA event 计时，先预热一次）
    t.to("cuda", non_blocking=non_blocking)
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    best = float("inf")
    for _ in range(repeats):
        start.record()
        t.to("cuda", non_blocking=non_blocking)
        end.record()
        torch.cuda.synchronize()
        best = min(best, start.elapsed_time(end))
    return best


best_ms = {}  # 每种情形：（锁页，可分页）的最短用时，毫秒


def pinned_faster(case, batch, non_blocking):
    best_ms[case] = best_copy_ms(batch.pin_memory(), non_blocking), best_copy_ms(batch, non_blocking)
    return clearly_faster(*best_ms[case])


# 网格：batch 的大小和类型（1 MiB 到 256 MiB；float32 的特征，uint8 的图片）× non_blocking
batches = {
    "1 MiB float32": torch.randn(256, 1024),
    "16 MiB float32": torch.randn(16, 256, 1024),
    "256 MiB float32 (the lesson's batch)": x,
    "32x3x224x224 uint8 images (4.6 MiB)": torch.randint(0, 256, (32, 3, 224, 224), dtype=torch.uint8),
}
# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：锁页内存中的 Tensor 转到显存更快吗？
note_claim_cases = {
    f"{name}, non_blocking={non_blocking}": pinned_faster(f"{name}, non_blocking={non_blocking}", batch, non_blocking)
    for name, batch in batches.items()
    for non_blocking in (True, False)
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的量法比较两次从锁页内存的拷贝（同一份数据，同一种内存，不该快出 10%）
note_claim_control = clearly_faster(copy_ms(pinned), copy_ms(pinned))
