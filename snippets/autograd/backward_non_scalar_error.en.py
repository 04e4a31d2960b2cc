import torch

x = torch.ones(3, requires_grad=True)
y = x * 2  # y is a vector, not a scalar
y.backward()  # no gradient of y's shape is passed: error
