import torch

x = torch.ones(2, 2, requires_grad=True)  # 追踪对该张量的可求导运算
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

# 结果不可求导的运算不被追踪：比较、argmax、转成整数，结果都没有 grad_fn
print((x > 0).grad_fn, x.argmax().grad_fn, x.long().grad_fn)
