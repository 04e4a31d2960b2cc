import torch

x = torch.ones(1, requires_grad=True)
# modifying a leaf tensor that requires grad in place raises;
# fix: do it under with torch.no_grad(): (e.g. a hand-written parameter update), or go out of place: x2 = x * 100
with torch.no_grad():
    x *= 100
print(x)
x.mul_(100)
