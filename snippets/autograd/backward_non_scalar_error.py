import torch

x = torch.ones(3, requires_grad=True)
y = x * 2  # y 是向量，不是标量
y.backward()  # 没有传入与 y 同形的 gradient，报错
