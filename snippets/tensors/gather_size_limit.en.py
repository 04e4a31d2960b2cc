import torch

a = torch.arange(1., 10.).view(3, 3)
# along dim=1, index may be longer than input (it just picks repeated elements)
print(a.gather(1, torch.zeros(3, 5, dtype=torch.long)).shape)
# but in any other dim (here dim 0: 4 > 3) exceeding input raises an error
a.gather(1, torch.zeros(4, 2, dtype=torch.long))
