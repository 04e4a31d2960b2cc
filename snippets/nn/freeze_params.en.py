import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
pretrained = backbone.state_dict()  # pretend these are trained parameters


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
        self.head = nn.Conv2d(8, 2, 1)  # the new module

    def forward(self, x):
        return self.head(self.backbone(x))


net = Net()
# load only part of the parameters: with strict=False it returns the missing/unexpected keys
result = net.load_state_dict({"backbone." + k: v for k, v in pretrained.items()}, strict=False)
print(result.missing_keys)

# freeze: requires_grad=False, and give the optimizer only the parameters to be trained
net.backbone.requires_grad_(False)
optimizer = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.1)
print([n for n, p in net.named_parameters() if p.requires_grad])

# note: requires_grad=False does not freeze BN's running_mean/var; in train mode they still update
net.train()
before = net.backbone[1].running_mean.clone()
net(torch.randn(4, 3, 8, 8))
print(torch.equal(before, net.backbone[1].running_mean))
assert not torch.equal(before, net.backbone[1].running_mean)

# freezing BN: after net.train(), put the BN layers in eval mode so they use and keep their statistics
net.train()
for m in net.backbone.modules():
    if isinstance(m, nn.BatchNorm2d):
        m.eval()
before = net.backbone[1].running_mean.clone()
net(torch.randn(4, 3, 8, 8))
print(torch.equal(before, net.backbone[1].running_mean))
assert torch.equal(before, net.backbone[1].running_mean)
