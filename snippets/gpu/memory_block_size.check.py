# 小块 (<= 1 MiB) 都放在 2 MiB 的段 (segment) 里；torch 2.13 中是 c10/core/AllocatorConfig.h 的 kMinBlockSize / kSmallBuffer
def segment_sizes(pool):
    return {s["total_size"] for s in torch.cuda.memory_snapshot() if s["segment_type"] == pool}


small_segments = segment_sizes("small")
assert small_segments  # x 的块确实在 small pool 里

# 笔记的说法是否成立（本站据此标注核查结果）：一个 4 字节的 float32 也占一个 512 B 的块，段是 2 MB
note_claim_holds = allocate == 512 and small_segments == {2 * 1024 * 1024}

# 对照：同样的量法用在 129 个 float32（516 字节）上，和 large pool（大于 1 MiB 的分配）的段上
before = torch.cuda.memory_allocated()
y = torch.zeros(129, device="cuda")
allocate_516 = torch.cuda.memory_allocated() - before
z = torch.zeros(3 * 1024 * 1024 // 4, device="cuda")  # 3 MiB
large_segments = segment_sizes("large")
assert allocate_516 > 0 and large_segments
note_claim_control = allocate_516 == 512 and large_segments == {2 * 1024 * 1024}
