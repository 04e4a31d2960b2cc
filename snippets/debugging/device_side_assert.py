import os
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"  # 强制同步执行，从而显示出正确的错误定位（要在 import torch 之前设置）

import torch

labels = torch.tensor([2, 0, -1, 1], device="cuda")  # 标签(target, gt)中出现了负值
onehot = torch.zeros(4, 3, device="cuda")

# 用 scatter_ 把标签变成 one-hot：负的下标导致数组越界，GPU 上触发
# ScatterGatherKernel.cu: Assertion `idx_dim >= 0 && idx_dim < index_size && "index out of bounds"` failed.
onehot.scatter_(1, labels.unsqueeze(1), 1.0)  # RuntimeError: CUDA error: device-side assert triggered
