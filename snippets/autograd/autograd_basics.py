import torch

x = torch.ones(2, 2, requires_grad=True)  # 追踪对该张量的所有操作
y = (x * 3).sum()
print(y.grad_fn is not None, y.requires_grad)

y.backward()  # 梯度累加到 x.grad
print(x.grad)

# detach(): 返回一个不再被追踪历史的张量
d = (x * 3).detach()
print(d.requires_grad)

# torch.no_grad(): 块内的运算不记录计算图
with torch.no_grad():
    z = x * 3
print(z.requires_grad)
