import torch

# 编者: 从本片段开始时的用量算起, 不受之前分配的影响
torch.cuda.synchronize()
base_allocated = torch.cuda.memory_allocated()
x = torch.zeros(1, requires_grad=True).cuda()

print(x.dtype)

allocate = torch.cuda.memory_allocated() - base_allocated
print(allocate) # 512B

cache = torch.cuda.memory_reserved()
# 小块 (<= 1 MiB) 都放在 2 MiB 的段 (segment) 里
small_segments = [s["total_size"] for s in torch.cuda.memory_snapshot() if s["segment_type"] == "small"]
print(cache) # 2097152/1024/1024 = 2MB
print(small_segments)

# 一个 4 字节的 float32 也占一个 512 B 的块; 向 GPU 申请的最小单位是 2 MB
# (编者: torch 2.13 中是 c10/core/AllocatorConfig.h 的 kMinBlockSize / kSmallBuffer; 不同的 pytorch 版本可能不一样)
assert allocate == 512
assert set(small_segments) == {2 * 1024 * 1024}
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = allocate == 512 and set(small_segments) == {2 * 1024 * 1024}
