import torch

torch.manual_seed(0)
conv = torch.nn.Conv2d(3, 8, 3)
relu = torch.nn.ReLU(inplace=True)

x = torch.randn(1, 3, 8, 8)
y = conv(x)
out = relu(y)  # no new memory: overwrites the conv output in place
print(out.data_ptr() == y.data_ptr())
assert out.data_ptr() == y.data_ptr()  # the same memory

out.sum().backward()  # to autograd these are still two different tensors; gradients work as usual
print(conv.weight.grad.shape)
assert conv.weight.grad is not None
