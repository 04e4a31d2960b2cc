# 实验 1: 笔记的两个公式与 PyTorch 的 SGD 是否相符
# 权值衰减: 梯度为 0 时一步 SGD (weight_decay=wd) 之后 w 是否等于 decay_factor·w;
# L2 正则: 在损失上加 l2_coef/2·∑w² 的一步 SGD, 是否与 weight_decay=wd 的一步 SGD 相同
def formulas_match(decay_factor, l2_coef):
    w_decay = nn.Parameter(torch.ones(3))
    w_decay.grad = torch.zeros(3)
    torch.optim.SGD([w_decay], lr=lr, weight_decay=wd).step()
    decay_ok = torch.allclose(w_decay.detach(), torch.full((3,), decay_factor))

    w0, c = torch.tensor([1.0, -2.0, 0.5]), torch.tensor([0.3, 0.1, -0.2])
    w_wd = nn.Parameter(w0.clone())
    (w_wd * c).sum().backward()
    torch.optim.SGD([w_wd], lr=lr, weight_decay=wd).step()
    w_l2 = nn.Parameter(w0.clone())
    ((w_l2 * c).sum() + l2_coef / 2 * w_l2.pow(2).sum()).backward()
    torch.optim.SGD([w_l2], lr=lr).step()
    return decay_ok and torch.allclose(w_wd.detach(), w_l2.detach())


# 实验 2: 优化器的 weight_decay 参数与在损失上加 L2 正则, 训练 50 步后权值是否相同
def wd_equals_l2(opt_class, **kw):
    return torch.allclose(train(opt_class, wd, False, **kw), train(opt_class, 0, True, **kw), atol=1e-6)


# 实验 3: 解耦的权值衰减 (每步先 w ← w - lr·λ·w, 再按损失的梯度更新) 与 L2 正则, 训练 50 步后权值是否不同
def train_decoupled(opt_class):
    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    optimizer = opt_class(model.parameters(), lr=lr)
    for _ in range(50):
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        with torch.no_grad():
            for p in model.parameters():
                p.mul_(1 - lr * wd)
        optimizer.step()
    return model.weight.detach()


def decoupled_differs_from_l2(opt_class):
    return not torch.allclose(train_decoupled(opt_class), train(opt_class, 0, True), atol=1e-6)


assert torch.allclose(train_decoupled(torch.optim.Adam), adamw, atol=1e-6)  # 手写的解耦衰减就是 AdamW
assert torch.allclose(adam_wd, adam_l2, atol=1e-6)  # Adam 的 weight_decay 参数实现的是 L2 正则

# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 笔记的公式: W(t+1)' = W(t+1) - W(t) (梯度为 0 时一步就变成 0); L' = L + 1/2∑w^2
    "training-wd-formula": formulas_match(decay_factor=0.0, l2_coef=1.0),
    "training-sgd-l2-equals-wd": wd_equals_l2(torch.optim.SGD, momentum=0.9),
    # 对 Adam, 解耦的权值衰减与 L2 正则不同
    "training-adam-l2-coupled": decoupled_differs_from_l2(torch.optim.Adam),
}
# 对照: 同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # 带系数的公式: w ← (1 - lr·λ)·w; L' = L + λ/2·∑w²
    "training-wd-formula": formulas_match(decay_factor=1 - lr * wd, l2_coef=wd),
    # AdamW 的 weight_decay 是解耦的, 与 L2 正则不同
    "training-sgd-l2-equals-wd": wd_equals_l2(torch.optim.AdamW),
    # 对 SGD (没有 momentum), 解耦的权值衰减与 L2 正则相同
    "training-adam-l2-coupled": decoupled_differs_from_l2(torch.optim.SGD),
}
