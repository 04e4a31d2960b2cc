import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU()])
layers(torch.randn(2, 4))  # ModuleList 没有实现 forward(), 不能直接调用
