import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Dropout(0.5))
x = torch.randn(8, 4)

# model.eval()：Dropout 关闭、BatchNorm 使用已累计的运行统计；但仍然构建计算图
model.eval()
out = model(x)
print("eval only:        requires_grad", out.requires_grad, "grad_fn", type(out.grad_fn).__name__)
assert out.requires_grad and out.grad_fn is not None

# torch.no_grad()：不构建计算图、不产生 .grad；但不改变层的训练/评估行为
model.train()
with torch.no_grad():
    a, b = model(x), model(x)
print("no_grad only:     requires_grad", a.requires_grad, "dropout still active:", not torch.equal(a, b))
assert not a.requires_grad and not torch.equal(a, b)

# 测试时两者都要：model.eval() + torch.no_grad()
model.eval()
running_mean = model[1].running_mean.clone()
with torch.no_grad():
    out = model(x)
print("eval + no_grad:   requires_grad", out.requires_grad,
      "BN stats unchanged:", torch.equal(running_mean, model[1].running_mean))
assert not out.requires_grad and torch.equal(running_mean, model[1].running_mean)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not a.requires_grad and not torch.equal(a, b) and torch.equal(running_mean, model[1].running_mean)
