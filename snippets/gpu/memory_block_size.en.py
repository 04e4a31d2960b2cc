import torch

# Editor: measure from this snippet's own starting point, whatever was allocated before
torch.cuda.synchronize()
base_allocated = torch.cuda.memory_allocated()
x = torch.zeros(1, requires_grad=True).cuda()

print(x.dtype)

allocate = torch.cuda.memory_allocated() - base_allocated
print(allocate) # 512B

cache = torch.cuda.memory_reserved()
# small blocks (<= 1 MiB) live in 2 MiB segments
small_segments = [s["total_size"] for s in torch.cuda.memory_snapshot() if s["segment_type"] == "small"]
print(cache) # 2097152/1024/1024 = 2MB
print(small_segments)

# a single 4-byte float32 still takes a 512 B block; the smallest request to the GPU is 2 MB
# (Editor: in torch 2.13 these are kMinBlockSize / kSmallBuffer in c10/core/AllocatorConfig.h; other pytorch versions may differ)
assert allocate == 512
assert set(small_segments) == {2 * 1024 * 1024}
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = allocate == 512 and set(small_segments) == {2 * 1024 * 1024}
