import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(2, 4)

# nn.Sequential implements forward(): it calls the layers one after another
calls = []
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
seq.register_forward_hook(lambda module, args, output: calls.append("forward"))
# nothing has called forward() once it is built
called_at_construction = len(calls) > 0
print("forward calls after construction:", len(calls))
print(seq(x).shape)
print("forward calls after seq(x):", len(calls))
assert not called_at_construction and calls == ["forward"]

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

# Does the note's claim hold? (the site labels the claim from this)
# the note: nn.Sequential automatically calls forward() once the layers are built
note_claim_holds = called_at_construction
