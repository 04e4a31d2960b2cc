import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2))  # parameter
        self.register_buffer("running", torch.zeros(2))  # buffer
        self.plain = torch.zeros(2)  # 普通成员变量
        self.layers = [nn.Linear(2, 2)]  # 普通 list 中的层


m = Model().cuda()
print(m.weight.device, m.running.device)  # 注册的参数和 buffer 迁移到了 GPU
print(m.plain.device, m.layers[0].weight.device)  # 普通成员变量和普通 list 中的层仍在 CPU
