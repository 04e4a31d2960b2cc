import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Dropout(0.5))
x = torch.randn(8, 4)

# model.eval()：Dropout 关闭、BatchNorm 使用已累计的运行统计；但仍然构建计算图
model.eval()
out = model(x)
print("eval only:        requires_grad", out.requires_grad, "grad_fn", type(out.grad_fn).__name__)

# torch.no_grad()：不构建计算图、不产生 .grad；但不改变层的训练/评估行为
model.train()
with torch.no_grad():
    a, b = model(x), model(x)
print("no_grad only:     requires_grad", a.requires_grad, "dropout still active:", not torch.equal(a, b))

# 测试时两者都要：model.eval() + torch.no_grad()
model.eval()
running_mean = model[1].running_mean.clone()
with torch.no_grad():
    out = model(x)
print("eval + no_grad:   requires_grad", out.requires_grad,
      "BN stats unchanged:", torch.equal(running_mean, model[1].running_mean))
