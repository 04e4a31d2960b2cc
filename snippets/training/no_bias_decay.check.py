import inspect

# 实验：把所有梯度设为 0，让优化器走一步（只剩 weight decay 在起作用），看 bias 是否改变
def bias_changes(net, optimizer):
    biases = [p for name, p in net.named_parameters() if name.endswith("bias")]
    before = [b.detach().clone() for b in biases]
    for p in net.parameters():
        p.grad = torch.zeros_like(p)
    optimizer.step()
    return any(not torch.equal(b0, b.detach()) for b0, b in zip(before, biases))


def default_decays_bias(opt_class, **options):
    net = nn.Linear(4, 4)
    return bias_changes(net, opt_class(net.parameters(), lr=0.1, weight_decay=0.1, **options))


def fused_on_cpu(opt_class):
    # 这个版本的 opt_class 有 fused 实现，并且能用在 CPU 的参数上吗？
    if "fused" not in inspect.signature(opt_class).parameters:
        return False
    try:
        opt_class([nn.Parameter(torch.zeros(1))], lr=0.1, fused=True)
    except RuntimeError:  # 如 torch 1.13：FusedAdam requires all the params to be CUDA
        return False
    return True


# 网格：torch.optim 中有 weight_decay 参数、能接收 bias 的优化器（这个版本有 Adafactor 时也算上）
# x 实现：foreach 开或关，这个版本能在 CPU 上用 fused 实现时再加上 fused=True
WITH_WEIGHT_DECAY = [optim.SGD, optim.Adam, optim.AdamW, optim.RMSprop, optim.Adagrad, optim.Adadelta,
                     optim.Adamax, optim.NAdam, optim.RAdam, optim.ASGD]
WITH_WEIGHT_DECAY += [getattr(optim, "Adafactor")] if hasattr(optim, "Adafactor") else []
implementations = {opt_class: [{"foreach": False}, {"foreach": True}] for opt_class in WITH_WEIGHT_DECAY}
for opt_class in WITH_WEIGHT_DECAY:
    implementations[opt_class] += [{"fused": True}] if fused_on_cpu(opt_class) else []
note_claim_cases = {
    f"{opt_class.__name__}, {', '.join(f'{k}={v}' for k, v in options.items())}": (
        default_decays_bias(opt_class, **options)
    )
    for opt_class in WITH_WEIGHT_DECAY
    for options in implementations[opt_class]
}

# Muon（有它的版本）不在网格里：它只接受二维参数，bias 根本交不给它；它的 weight_decay 默认为 0.1
if hasattr(optim, "Muon"):
    muon = getattr(optim, "Muon")
    assert muon([nn.Parameter(torch.zeros(2, 2))]).defaults["weight_decay"] == 0.1
    try:
        muon(nn.Linear(4, 4).parameters())
        muon_takes_a_bias = True
    except ValueError:  # Muon only supports 2D parameters
        muon_takes_a_bias = False
    assert not muon_takes_a_bias


# weight_decay 的默认值：网格里只有 AdamW 默认就衰减 (0.01)，其余默认为 0
defaults = {c.__name__: c([torch.zeros(1, requires_grad=True)], lr=0.1).defaults["weight_decay"] for c in WITH_WEIGHT_DECAY}
assert defaults.pop("AdamW") == 0.01 and set(defaults.values()) == {0}
assert len(trainer.opti.param_groups) == 2  # 课程代码确实建了两个参数组

# 笔记的说法是否成立（本站据此标注核查结果）
# 把 model.parameters() 直接交给优化器并设 weight_decay：每种情形下 bias 都被衰减
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量用在笔记的两个参数组上（bias 所在的组没有 weight_decay）
trainer_check = Trainer()
note_claim_control = bias_changes(trainer_check.net, trainer_check.opti)
