import torch

torch.manual_seed(0)
x = torch.rand(5, 3)  # random matrix (the original note does not define x here)

x = x.new_ones(4, 3, dtype=torch.double)
# new all-ones tensor; by default it keeps x's torch.dtype and torch.device
# equivalent to the earlier style: x = torch.ones(4, 3, dtype=torch.double)
print(x)
x = torch.randn_like(x, dtype=torch.float)
# override the dtype
print(x)

# check: without dtype, new_ones inherits the dtype and device of the tensor
y = x.new_ones(2)
assert y.dtype == x.dtype and y.device == x.device
