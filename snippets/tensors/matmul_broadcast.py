import torch

# 矩阵乘法的最后两维遵循矩阵乘法规则 (n, m) @ (m, p) -> (n, p),
# 但前面的 batch 维度仍然按广播机制匹配
a = torch.ones(3, 1, 2, 4)
b = torch.ones(5, 4, 6)
print(torch.matmul(a, b).shape)
assert torch.matmul(a, b).shape == (3, 5, 2, 6)

# 逐元素乘法 (a * b) 与矩阵乘法 (a @ b) 是两回事
m = torch.ones(2, 4)
n = torch.ones(4, 2)
print((m @ n).shape)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 矩阵乘法不满足广播机制
note_claim_holds = torch.matmul(a, b).shape != (3, 5, 2, 6)
