import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer3 = nn.Linear(8, 8)
        self.layer4 = nn.Linear(8, 8)  # 暂时没有用到的高层

    def forward(self, x, layer4_weight):
        out = self.layer3(x)
        loss = out.pow(2).mean()
        if layer4_weight is not None:  # layer4 的输出以权重 0 进入损失：梯度是全 0 张量而不是 None
            loss = loss + layer4_weight * self.layer4(out).pow(2).mean()
        return loss


def layer4_norm_after(opt_class, layer4_weight, steps=100):
    torch.manual_seed(0)
    net = Net()
    optimizer = opt_class(net.parameters(), lr=0.01, weight_decay=0.1)  # 把所有参数都交给优化器
    before = net.layer4.weight.norm().item()
    for _ in range(steps):
        optimizer.zero_grad()
        net(torch.randn(4, 8), layer4_weight).backward()
        optimizer.step()
    return net.layer4.weight.grad, before, net.layer4.weight.norm().item()


for opt_class in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
    for layer4_weight in (None, 0.0):
        grad, before, after = layer4_norm_after(opt_class, layer4_weight)
        kind = "None" if grad is None else "zeros"
        print(f"{opt_class.__name__:5s} layer4.grad={kind:5s}  |W| {before:.4f} -> {after:.4f}")

# 稳妥的做法：暂时不需要更新的权值，不要传给优化器（或 requires_grad_(False)）
net = Net()
net.layer4.requires_grad_(False)
optimizer = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.01, weight_decay=0.1)
print("params in optimizer:", sum(len(g["params"]) for g in optimizer.param_groups))
