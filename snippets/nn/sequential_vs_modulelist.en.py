import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(2, 4)

# nn.Sequential implements forward(): it calls the layers one after another
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
print(seq(x).shape)

# nn.ModuleList is just a list that registers its submodules; you write forward yourself
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

net = Net()
print(net(x).shape)
# both register their parameters correctly
assert len(list(seq.parameters())) == len(list(net.parameters())) == 4
