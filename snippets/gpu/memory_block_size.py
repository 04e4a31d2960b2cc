import torch

x = torch.zeros(1, requires_grad=True).cuda()

print(x.dtype)

allocate = torch.cuda.memory_allocated()
print(allocate) # 512B

cache = torch.cuda.memory_reserved()
print(cache) # 2097152/1024/1024 = 2MB

# 一个 4 字节的 float32 也占一个 512 B 的块; 向 GPU 申请的最小单位是 2 MB
# (CUDACachingAllocator 的 kMinBlockSize / kSmallBuffer; 不同的 pytorch 版本可能不一样)
assert allocate == 512
assert cache == 2 * 1024 * 1024
