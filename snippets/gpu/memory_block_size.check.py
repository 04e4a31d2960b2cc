# 小块 (<= 1 MiB) 都放在 2 MiB 的段 (segment) 里
small_segments = [s["total_size"] for s in torch.cuda.memory_snapshot() if s["segment_type"] == "small"]

# 一个 4 字节的 float32 也占一个 512 B 的块; 向 GPU 申请的最小单位是 2 MB
# (编者: torch 2.13 中是 c10/core/AllocatorConfig.h 的 kMinBlockSize / kSmallBuffer; 不同的 pytorch 版本可能不一样)
assert allocate == 512
assert set(small_segments) == {2 * 1024 * 1024}
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = allocate == 512 and set(small_segments) == {2 * 1024 * 1024}
