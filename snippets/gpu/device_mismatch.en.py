import torch

model = torch.nn.Linear(2, 2)
model.cuda()                # the model moved to the GPU in place

a = torch.ones(1, 2)
a.cuda()                    # forgot to reassign: a is still on the CPU
print(a.device)
model(a)                    # RuntimeError: Expected all tensors to be on the same device ...
