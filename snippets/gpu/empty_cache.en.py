import torch

x = torch.empty(256, 1024, 1024, device="cuda")  # 1 GiB
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())

del x  # the tensor is freed, but the memory stays in PyTorch's cache (nvidia-smi still shows it in use)
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
assert torch.cuda.memory_allocated() == 0
assert torch.cuda.memory_reserved() >= 2**30

torch.cuda.empty_cache()  # give the unoccupied cached blocks back to the GPU
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
assert torch.cuda.memory_reserved() < 2**30
