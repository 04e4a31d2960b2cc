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


# 网格：torch.optim 中所有有 weight_decay 参数的优化器 x foreach 实现开或关
WITH_WEIGHT_DECAY = [optim.SGD, optim.Adam, optim.AdamW, optim.RMSprop, optim.Adagrad, optim.Adadelta,
                     optim.Adamax, optim.NAdam, optim.RAdam, optim.ASGD]
note_claim_cases = {
    f"{opt_class.__name__}, foreach={foreach}": default_decays_bias(opt_class, foreach=foreach)
    for opt_class in WITH_WEIGHT_DECAY
    for foreach in (False, True)
}


# weight_decay 的默认值：只有 AdamW 默认就衰减 (0.01)，其余默认为 0
defaults = {c.__name__: c([torch.zeros(1, requires_grad=True)], lr=0.1).defaults["weight_decay"] for c in WITH_WEIGHT_DECAY}
assert defaults.pop("AdamW") == 0.01 and set(defaults.values()) == {0}
assert len(trainer.opti.param_groups) == 2  # 课程代码确实建了两个参数组

# 笔记的说法是否成立（本站据此标注核查结果）
# 把 model.parameters() 直接交给优化器并设 weight_decay：每种情形下 bias 都被衰减
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量用在笔记的两个参数组上（bias 所在的组没有 weight_decay）
trainer_check = Trainer()
note_claim_control = bias_changes(trainer_check.net, trainer_check.opti)
