import torch

x = torch.randn(64, 1024, 1024)  # 256 MiB 的一个 batch，在普通（可分页）内存中
pinned = x.pin_memory()          # 同样的数据，放在锁页内存中


def copy_ms(t, repeats=5):
    t.to("cuda")  # 预热
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    best = float("inf")
    for _ in range(repeats):
        start.record()
        t.to("cuda", non_blocking=True)
        end.record()
        torch.cuda.synchronize()
        best = min(best, start.elapsed_time(end))
    return best


pageable_ms, pinned_ms = copy_ms(x), copy_ms(pinned)
print(f"pageable: {pageable_ms:.1f} ms, pinned: {pinned_ms:.1f} ms")
