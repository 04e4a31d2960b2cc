import torch
import torch.nn.functional as F

hmp = torch.zeros(17, 16, 16)  # 3-D 张量 (C, H, W)，没有 batch 维
F.interpolate(hmp, scale_factor=4, mode="bicubic")  # bicubic 需要 4-D 输入
