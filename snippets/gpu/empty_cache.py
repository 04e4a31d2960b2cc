import torch

x = torch.empty(256, 1024, 1024, device="cuda")  # 1 GiB
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())

del x  # tensor 释放了，但显存还留在 PyTorch 的缓存里（nvidia-smi 看到的占用不变）
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())

torch.cuda.empty_cache()  # 把没有被占用的缓存块还给 GPU
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
