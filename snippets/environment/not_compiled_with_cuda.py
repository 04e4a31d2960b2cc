import torch

# CPU 版的 torch（pip 装的 +cpu 版，或 conda 从 main 装到的 CPU 版）
print(torch.__version__, torch.backends.cuda.is_built())

x = torch.zeros(1)
x = x.cuda()  # CPU 版 torch 上：AssertionError: Torch not compiled with CUDA enabled
