import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(10, 1)
x_all = torch.randn(512, 10)
y_all = torch.randn(512, 1)

# reduction='sum'：损失值和梯度都随 batch 大小线性增长；'mean' 则与 batch 大小无关
for reduction in ("sum", "mean"):
    criterion = nn.MSELoss(reduction=reduction)
    for batch in (8, 64, 512):
        model.zero_grad()
        loss = criterion(model(x_all[:batch]), y_all[:batch])
        loss.backward()
        grad_norm = model.weight.grad.norm().item()
        print(f"{reduction:4s} batch={batch:3d}  loss={loss.item():9.3f}  grad norm={grad_norm:8.3f}")


# 同样的学习率，reduction='sum' 在大 batch 上梯度爆炸，'mean' 正常收敛
def train(reduction, lr=0.01, steps=20):
    torch.manual_seed(0)
    net = nn.Linear(10, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=lr)
    criterion = nn.MSELoss(reduction=reduction)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = criterion(net(x_all), y_all)
        loss.backward()
        optimizer.step()
    return loss.item()


final_sum, final_mean = train("sum"), train("mean")
print("final loss, sum :", final_sum)
print("final loss, mean:", final_mean)
