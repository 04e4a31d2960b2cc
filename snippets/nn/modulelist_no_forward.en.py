import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU()])
layers(torch.randn(2, 4))  # ModuleList has no forward(); it cannot be called directly
