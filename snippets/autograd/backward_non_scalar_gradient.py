import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
# 传入一个与 y 同形的 Tensor（向量 - 雅可比积中的向量）
y.backward(gradient=torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)

# 更常见的做法：先归约成标量，如 y.sum().backward()
x.grad = None
y = x * 2
y.sum().backward()
print(x.grad)
