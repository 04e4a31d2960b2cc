import torch
import torch.nn as nn

wd, lr = 0.1, 0.01
x, y = torch.randn(32, 8, generator=torch.Generator().manual_seed(1)), torch.randn(32, 1, generator=torch.Generator().manual_seed(2))


def train(opt_class, weight_decay, l2, **kw):
    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    optimizer = opt_class(model.parameters(), lr=lr, weight_decay=weight_decay, **kw)
    for _ in range(50):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        if l2:  # L2 正则：L' = L + λ/2 · ∑w²
            loss = loss + wd / 2 * sum(p.pow(2).sum() for p in model.parameters())
        loss.backward()
        optimizer.step()
    return model.weight.detach()


# SGD（含 momentum）：weight_decay 与在损失上加 L2 正则完全等效
sgd_wd, sgd_l2 = train(torch.optim.SGD, wd, False, momentum=0.9), train(torch.optim.SGD, 0, True, momentum=0.9)
print("SGD:  weight_decay == L2 :", torch.allclose(sgd_wd, sgd_l2, atol=1e-6))

# Adam：torch.optim.Adam 的 weight_decay 就是把 λ·w 加到梯度上，也就是 L2 正则（与自适应学习率耦合）
adam_wd, adam_l2 = train(torch.optim.Adam, wd, False), train(torch.optim.Adam, 0, True)
print("Adam: weight_decay == L2 :", torch.allclose(adam_wd, adam_l2, atol=1e-6))

# AdamW：解耦的权值衰减 w ← w - lr·λ·w，与 Adam + L2 不同
adamw = train(torch.optim.AdamW, wd, False)
print("AdamW == Adam + L2       :", torch.allclose(adamw, adam_l2, atol=1e-6))

# 只看权值衰减这一项（梯度为 0）：一步之后 w ← w - lr·λ·w
w = nn.Parameter(torch.ones(3))
w.grad = torch.zeros(3)
torch.optim.SGD([w], lr=lr, weight_decay=wd).step()
print("SGD decay step:", w.detach(), "expected", 1 - lr * wd)
