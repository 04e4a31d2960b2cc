# 实验：在一份新的 BN 网络上，积累梯度是否与大 batch 的梯度不同，BN 的统计量是否在每个 micro-batch 的 forward 中更新
def accumulation_differs(train_mode):
    net = copy.deepcopy(bn_net_start).train(train_mode)
    tracked_before = net[1].num_batches_tracked.item()
    g_small = grads(net, accum_steps)
    forward_updates = net[1].num_batches_tracked.item() - tracked_before
    g_large = grads(copy.deepcopy(bn_net_start).train(train_mode), 1)
    return not torch.allclose(g_small, g_large, atol=1e-6) and forward_updates == accum_steps


bn_net_start = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
assert torch.allclose(
    grads(copy.deepcopy(mlp), accum_steps), grads(copy.deepcopy(mlp), 1), atol=1e-6
)  # 没有 BN 时两者相同


# 网格用的网络：BatchNorm1d 接在 Linear 后，BatchNorm2d 接在 Conv2d 后；数据是 32 个样本
def bn_network(kind, momentum):
    torch.manual_seed(1)
    if kind == "BatchNorm1d":
        net = nn.Sequential(
            nn.Linear(8, 16), nn.BatchNorm1d(16, momentum=momentum), nn.ReLU(), nn.Linear(16, 1)
        )
        return net, torch.randn(32, 8)
    net = nn.Sequential(
        nn.Conv2d(3, 4, 3),
        nn.BatchNorm2d(4, momentum=momentum),
        nn.ReLU(),
        nn.Flatten(),
        nn.Linear(4 * 4 * 4, 1),
    )
    return net, torch.randn(32, 3, 6, 6)


def accumulated_grads(net, data, target, steps):
    # 与 grads() 相同：每个 micro-batch 的损失除以 steps，梯度在 .grad 上累加
    net.zero_grad()
    for xb, yb in zip(data.chunk(steps), target.chunk(steps)):
        (nn.functional.mse_loss(net(xb), yb) / steps).backward()
    return torch.cat([p.grad.flatten() for p in net.parameters()])


def differs_from_large_batch(kind, steps, momentum, train_mode):
    # 积累 steps 个 micro-batch 的梯度与一个大 batch 的梯度是否不同？
    net, data = bn_network(kind, momentum)
    target = torch.randn(32, 1)
    g_small = accumulated_grads(copy.deepcopy(net).train(train_mode), data, target, steps)
    g_large = accumulated_grads(copy.deepcopy(net).train(train_mode), data, target, 1)
    return not torch.allclose(g_small, g_large, atol=1e-6)


def changes_in_forward(kind, names):
    # 训练模式下一次 forward() 之后，BN 层的这些张量（参数或缓冲区）是否变了？
    net, data = bn_network(kind, 0.1)
    bn = net[1].train()
    before = {name: getattr(bn, name).detach().clone() for name in names}
    with torch.no_grad():
        net(data)
    return all(not torch.equal(getattr(bn, name), before[name]) for name in names)


bn_kinds = ("BatchNorm1d", "BatchNorm2d")
bn_grid = [
    (kind, steps, momentum) for kind in bn_kinds for steps in (2, 4) for momentum in (0.1, None)
]
# 前半句：weight / bias 在 forward() 中更新吗？后半句：训练模式下积累梯度与大 batch 的梯度不同吗？
grad_accum_bn_cases = {
    f"{kind}: weight/bias change during forward() (train mode)": changes_in_forward(
        kind, ("weight", "bias")
    )
    for kind in bn_kinds
}
grad_accum_bn_cases.update(
    {
        f"{kind}, {steps} accumulation steps, momentum={momentum}: accumulated gradient differs from the large batch's": (
            differs_from_large_batch(kind, steps, momentum, train_mode=True)
        )
        for kind, steps, momentum in bn_grid
    }
)

# 笔记的说法是否成立（本站据此标注核查结果）
# 训练模式：BN 用每个 micro-batch 自己的统计量，积累梯度与大 batch 的梯度不同；统计量每个 micro-batch 更新一次
note_claim_holds = accumulation_differs(train_mode=True) and all(grad_accum_bn_cases.values())
note_claim_cases = grad_accum_bn_cases
# 对照：同样的测量用在 running_mean / running_var 上（forward() 中会变），
# 以及 eval 模式的 BN 上（用固定的运行统计，forward 中不更新），在同一网格上积累梯度与大 batch 相同
note_claim_control = (
    all(changes_in_forward(kind, ("running_mean", "running_var")) for kind in bn_kinds)
    and not accumulation_differs(train_mode=False)
    and not any(differs_from_large_batch(*case, train_mode=False) for case in bn_grid)
)
