import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
# pass a Tensor of y's shape (the vector in the vector-Jacobian product)
y.backward(gradient=torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
assert torch.allclose(x.grad, torch.tensor([2.0, 0.2, 0.02]))

# more common: reduce to a scalar first, e.g. y.sum().backward()
x.grad = None
y = x * 2
y.sum().backward()
print(x.grad)
