import torch

x = torch.zeros(1, requires_grad=True).cuda()

print(x.dtype)

allocate = torch.cuda.memory_allocated()
print(allocate) # 512B

cache = torch.cuda.memory_reserved()
print(cache) # 2097152/1024/1024 = 2MB

# a single 4-byte float32 still takes a 512 B block; the smallest request to the GPU is 2 MB
# (kMinBlockSize / kSmallBuffer of CUDACachingAllocator; other pytorch versions may differ)
assert allocate == 512
assert cache == 2 * 1024 * 1024
