import torch

x = torch.arange(6).view(2, 3)
t = x.t()  # 转置（或 permute）之后张量不再连续
print(t.is_contiguous())
print(t.contiguous().view(6))  # 正确做法：先 contiguous() 或直接用 reshape()
t.view(6)  # RuntimeError
