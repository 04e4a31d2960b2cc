import torch

num_classes = 3
labels = torch.tensor([2, 0, -1, 1, 3])

# 训练前检查标签是否都在 [0, num_classes) 里，比等 GPU 报 device-side assert 好找得多
bad = (labels < 0) | (labels >= num_classes)
print("bad positions:", bad.nonzero().flatten().tolist())
print("bad values:", labels[bad].tolist())
