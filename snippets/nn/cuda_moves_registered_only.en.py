import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2))  # parameter
        self.register_buffer("running", torch.zeros(2))  # buffer
        self.plain = torch.zeros(2)  # plain attribute
        self.layers = [nn.Linear(2, 2)]  # a layer in a plain list


m = Model().cuda()
print(m.weight.device, m.running.device)  # registered parameters and buffers moved to the GPU
print(m.plain.device, m.layers[0].weight.device)  # the plain attribute and the layer in the plain list stay on the CPU
assert m.weight.is_cuda and m.running.is_cuda
assert not m.plain.is_cuda and not m.layers[0].weight.is_cuda
