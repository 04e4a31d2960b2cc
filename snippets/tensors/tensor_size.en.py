import torch

torch.manual_seed(0)
# Editor: x is defined here so that the code runs on its own
x = torch.randn(4, 3)

# both give the same size
# get its shape information
print(x.size())
print(x.shape)
assert x.size() == x.shape == torch.Size([4, 3])
