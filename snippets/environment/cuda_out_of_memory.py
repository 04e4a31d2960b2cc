import torch

# 申请一块比整张卡的显存还大的 tensor（卡的总显存的 2 倍），看显存不够时 torch 报什么错
total = torch.cuda.get_device_properties(0).total_memory
x = torch.empty(2 * total, dtype=torch.uint8, device="cuda")  # torch.OutOfMemoryError: CUDA out of memory.
