import torch

a = torch.LongTensor(1).random_(0, 10)
a.cuda()                  # returns a new tensor on cuda; a itself is unchanged
print(a.device)           # cpu
assert a.device.type == "cpu"
a = a.to(device="cuda")   # you must reassign
print(a.device)
assert a.device.type == "cuda"

model = torch.nn.Linear(2, 2)
model.cuda()              # a model needs no reassignment
print(next(model.parameters()).device)
assert next(model.parameters()).device.type == "cuda"
