import torch

# 矩阵乘法的最后两维遵循矩阵乘法规则 (n, m) @ (m, p) -> (n, p),
# 但前面的 batch 维度仍然按广播机制匹配
a = torch.ones(3, 1, 2, 4)
b = torch.ones(5, 4, 6)
print(torch.matmul(a, b).shape)

# 逐元素乘法 (a * b) 与矩阵乘法 (a @ b) 是两回事
m = torch.ones(2, 4)
n = torch.ones(4, 2)
print((m @ n).shape)
