import torch

x = torch.zeros(1, requires_grad=True).cuda()

# the allocation details: Allocated memory = given to the program, GPU reserved memory = requested from the GPU
print(torch.cuda.memory_summary())
