import torch

# 新版 torch 把 CUDA 错误抛成 torch.AcceleratorError，它是 RuntimeError 的子类，
# 所以 except RuntimeError 仍然能捕获 "CUDA error: device-side assert triggered"
print(torch.AcceleratorError.__mro__[:2])
