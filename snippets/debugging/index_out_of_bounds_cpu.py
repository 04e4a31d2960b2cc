import torch

# 同样的代码放到 CPU 上运行：报错清楚，并且就停在出错的那一行
labels = torch.tensor([2, 0, -1, 1])  # 标签(target, gt)中出现了负值
onehot = torch.zeros(4, 3)
onehot.scatter_(1, labels.unsqueeze(1), 1.0)  # RuntimeError: index -1 is out of bounds for dimension 1 with size 3
