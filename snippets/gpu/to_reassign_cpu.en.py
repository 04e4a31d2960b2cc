import torch

# the same rule shown on the CPU with a dtype (.cuda()/.to("cuda") take the same path)
a = torch.zeros(3)
a.to(torch.float64)      # not in-place: returns a new tensor, which is thrown away here
not_in_place = a.dtype == torch.float32
print(a.dtype)           # still float32
a = a.to(torch.float64)  # you have to reassign them
print(a.dtype)
assert a.dtype == torch.float64

model = torch.nn.Linear(2, 2)
ret = model.to(torch.float64)  # an nn.Module converts all parameters and buffers in place, no reassignment needed
print(model.weight.dtype, ret is model)
assert model.weight.dtype == torch.float64 and ret is model
# note: the module changes in place, but buffers are replaced by new tensor objects (the docs: parameters and buffers may become different objects)
bn = torch.nn.BatchNorm1d(2)
running_mean = bn.running_mean
bn.to(torch.float64)
print(bn.running_mean is running_mean, bn.running_mean.dtype)
assert bn.running_mean is not running_mean and bn.running_mean.dtype == torch.float64
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = not_in_place and ret is model and model.weight.dtype == torch.float64
