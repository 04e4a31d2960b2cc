import torch

# the same rule shown on the CPU with a dtype (.cuda()/.to("cuda") take the same path)
a = torch.zeros(3)
a.to(torch.float64)      # not in-place: returns a new tensor, which is thrown away here
print(a.dtype)           # still float32
a = a.to(torch.float64)  # you have to reassign them
print(a.dtype)
assert a.dtype == torch.float64

model = torch.nn.Linear(2, 2)
ret = model.to(torch.float64)  # an nn.Module converts all parameters and buffers in place, no reassignment needed
print(model.weight.dtype, ret is model)
assert model.weight.dtype == torch.float64 and ret is model
