import torch

# cuDNN
print(torch.backends.cudnn.version())       # 版本（没有 cuDNN 时为 None）
print(torch.backends.cudnn.is_available())  # 是否可用
print(torch.backends.cudnn.enabled)         # 是否启用

# CUDA
print(torch.backends.cuda.is_built())  # 是否为支持 cuda 的版本
print(torch.cuda.is_available())       # 实际能不能用 cuda（还要看驱动和显卡）
