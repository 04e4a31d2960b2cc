import torch

torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
y = torch.sigmoid(x)  # sigmoid 的反向传播要用到它的输出 y
y.mul_(2)             # in-place 改写了 y
# autograd 会发现并报错，而不是悄悄算出错误的梯度：
y.sum().backward()    # RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation
