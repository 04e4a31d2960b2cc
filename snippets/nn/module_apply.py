import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 2), nn.ReLU()))

visited = []


@torch.no_grad()
def init_weights(m):
    visited.append(type(m).__name__)
    if isinstance(m, nn.Linear):
        m.weight.fill_(1.0)
        m.bias.fill_(0.0)


net.apply(init_weights)
# 递归作用于每个子模块（先子模块，后父模块），最后是 self
print(visited)
