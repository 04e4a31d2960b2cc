import torch

a = torch.arange(1., 10.).view(3, 3)
# dim=1 维上 index 可以比 input 长（只是会选到重复元素）
longer_along_dim = a.gather(1, torch.zeros(3, 5, dtype=torch.long))
print(longer_along_dim.shape)
# 但其他维（这里是第 0 维：4 > 3）超过 input 就会报错
a.gather(1, torch.zeros(4, 2, dtype=torch.long))
