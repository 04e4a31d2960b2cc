import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)  # 4 个样本，3 个类别

# -100 是 cross_entropy 默认的 ignore_index，会被跳过，不报错
print(F.cross_entropy(logits, torch.tensor([2, 0, -100, 1])))

# 其它负值（或 >= 类别数的值）就是越界；在 GPU 上它表现为 device-side assert
F.cross_entropy(logits, torch.tensor([2, 0, -1, 1]))  # IndexError: Target -1 is out of bounds.
