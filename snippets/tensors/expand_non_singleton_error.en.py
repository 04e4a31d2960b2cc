import torch

x = torch.zeros(2, 3)
# a dimension whose size is not 1 (here 2) cannot be expanded
x.expand(4, 3)
