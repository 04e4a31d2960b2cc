import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
pretrained = backbone.state_dict()  # 假设这是训练好的参数


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
        self.head = nn.Conv2d(8, 2, 1)  # 新增的模块

    def forward(self, x):
        return self.head(self.backbone(x))


net = Net()
# 只载入部分参数：strict=False 时返回缺失/多余的键
result = net.load_state_dict({"backbone." + k: v for k, v in pretrained.items()}, strict=False)
print(result.missing_keys)

# 冻结：requires_grad=False，并且只把需要训练的参数交给优化器
net.backbone.requires_grad_(False)
optimizer = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.1)
print([n for n, p in net.named_parameters() if p.requires_grad])

# 注意：requires_grad=False 冻结不了 BN 的 running_mean/var，训练模式下它们仍会更新
net.train()
before = net.backbone[1].running_mean.clone()
net(torch.randn(4, 3, 8, 8))
print(torch.equal(before, net.backbone[1].running_mean))

# 冻结 BN：在 net.train() 之后把 BN 层设为 eval 模式，使用并保持已有的统计量
net.train()
for m in net.backbone.modules():
    if isinstance(m, nn.BatchNorm2d):
        m.eval()
before = net.backbone[1].running_mean.clone()
net(torch.randn(4, 3, 8, 8))
print(torch.equal(before, net.backbone[1].running_mean))
