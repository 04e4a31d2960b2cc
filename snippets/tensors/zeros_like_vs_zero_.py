import torch

x = torch.ones(2, 3, dtype=torch.long)

# zeros_like 返回一个新的全 0 张量，原张量不变
z = torch.zeros_like(x)
print(z)
print(x)

# zero_() 原地把现有张量清零（末尾下划线 = 原地操作）
x.zero_()
print(x)

print(torch.zeros(2, 3, dtype=torch.long).dtype)
