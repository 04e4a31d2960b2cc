import torch  # 编者：补上 import

# 编者：从本片段开始时的用量算起，不受之前分配的影响
torch.cuda.synchronize()
base_allocated = torch.cuda.memory_allocated()

x = torch.zeros(1, requires_grad=True).cuda()

print(x.dtype)

allocate = torch.cuda.memory_allocated() - base_allocated  # 编者：减去开始时的用量
print(allocate) # 512B

cache = torch.cuda.memory_reserved()
print(cache) # 2097152/1024/1024 = 2MB
