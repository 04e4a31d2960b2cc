import torch

# 同一套 torch.cuda / .cuda() 接口：NVIDIA 用 CUDA 版，AMD 用 ROCm (HIP) 版的 torch
print("CUDA:", torch.version.cuda)   # CUDA 版 torch 上是 CUDA 版本号，否则为 None
print("ROCm/HIP:", torch.version.hip)  # ROCm 版 torch 上是 HIP 版本号，否则为 None
# 其它加速器有各自的后端
print("Apple MPS:", torch.backends.mps.is_available())
print("Intel XPU:", torch.xpu.is_available())
