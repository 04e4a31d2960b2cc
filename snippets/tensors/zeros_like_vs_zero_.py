import torch

x = torch.ones(2, 3, dtype=torch.long)

# zeros_like 返回一个新的全0张量, 原张量不变
z = torch.zeros_like(x)
print(z)
print(x)
zeros_like_cleared_x = x.sum() == 0
assert x.sum() == 6 and z.sum() == 0

# zero_() 原地把现有张量清零 (末尾下划线 = 原地操作)
x.zero_()
print(x)
assert x.sum() == 0

print(torch.zeros(2, 3, dtype=torch.long).dtype)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: zero_() 和 zeros_like() 都能把现有矩阵转为全 0 矩阵
note_claim_holds = bool(zeros_like_cleared_x) and bool(x.sum() == 0)
