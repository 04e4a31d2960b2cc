import torch

# 用 = 只是给同一个张量起了个新名字，改 b 就是改 a
a = torch.zeros(3)
b = a
b[0] = 1
print(a)

# 需要用=的时候，都加上.clone()：得到独立的副本
c = a.clone()
c[1] = 2
print(a, c)

# clone 会记录在计算图中，梯度会传回原张量
x = torch.ones(3, requires_grad=True)
y = x.clone()
(y * 2).sum().backward()
print(x.grad, type(y.grad_fn).__name__)

# 更正：copy_ 同样会被 autograd 记录，梯度也会传回源张量
x.grad = None
d = torch.zeros(3)
d.copy_(x)  # 原地把 x 的值拷到 d
(d * 3).sum().backward()
print(x.grad, type(d.grad_fn).__name__)

# 真正需要"不带梯度的拷贝"时用 detach().clone()
e = x.detach().clone()
print(e.requires_grad)
