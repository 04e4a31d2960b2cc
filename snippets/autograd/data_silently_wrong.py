import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()  # sigmoid 的反向传播需要用到 out 本身
c = out.data  # 与 out 共享数据，但 autograd 不知道
c.zero_()  # 原地修改：不报错
out.sum().backward()
print(a.grad)  # 梯度是错的（全 0），而且没有任何报错

# 正确的梯度应为 sigmoid(a) * (1 - sigmoid(a))
expected = a.detach().sigmoid() * (1 - a.detach().sigmoid())
print(expected)
