import torch

torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 8, 3)
relu = torch.nn.ReLU(inplace=True)

x = torch.randn(1, 3, 8, 8)
y = conv(x)
out = relu(y)  # 不开辟新内存，直接改写 conv 的输出
print(out.data_ptr() == y.data_ptr())

out.sum().backward()  # 对 autograd 来说仍是两个不同的 tensor，梯度照常计算
print(conv.weight.grad.shape)
