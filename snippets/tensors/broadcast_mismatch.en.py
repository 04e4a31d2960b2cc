import torch

a = torch.ones(2, 3)
b = torch.ones(4, 3)
# rightmost 3=3 matches; next, 2 vs 4 differ and neither is 1, so no broadcast
a + b
