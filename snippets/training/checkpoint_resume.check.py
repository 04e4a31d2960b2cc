# 在新的模型上重做一遍：从 checkpoint 恢复后训练到第 9 轮，逐步记录损失
def resumed_losses(restore_optimizer):
    model_r, optimizer_r = make()
    checkpoint_r = torch.load("checkpoint.tar")
    model_r.load_state_dict(checkpoint_r["model_state_dict"])
    if restore_optimizer:
        optimizer_r.load_state_dict(checkpoint_r["optimizer_state_dict"])
    return [train_step(model_r, optimizer_r) for _ in range(checkpoint_r["epoch"] + 1, 10)]


# 从未中断的训练：与课程代码消耗同样的随机数，得到同样的初始权重
torch.manual_seed(0)
torch.randn(32, 4), torch.randn(32, 1)
model_u, optimizer_u = make()
uninterrupted_losses = [train_step(model_u, optimizer_u) for _ in range(10)][5:]
assert torch.equal(model_u.weight, model.weight)  # 重做的不中断训练就是课程代码里的那一个

import io

OPTIMIZERS = {
    "SGD(momentum=0.9)": lambda w: torch.optim.SGD(w, lr=0.05, momentum=0.9),
    "Adam": lambda w: torch.optim.Adam(w, lr=0.01),
    "Adam(amsgrad=True)": lambda w: torch.optim.Adam(w, lr=0.01, amsgrad=True),
    "AdamW": lambda w: torch.optim.AdamW(w, lr=0.01),
    "RMSprop": lambda w: torch.optim.RMSprop(w, lr=0.01),
    "Adagrad": lambda w: torch.optim.Adagrad(w, lr=0.1),
}
SCHEDULERS = {
    "no scheduler": None,
    "StepLR(step_size=2)": lambda o: torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5),
    "ExponentialLR(0.8)": lambda o: torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.8),
}


def resume_matches(optimizer_name, scheduler_name):
    # 训练 5 步，按笔记的做法只保存模型和优化器的 state_dict，在新的模型、优化器（和学习率调度器）上恢复，
    # 再训练 5 步：每一步的损失与从未中断的训练相同吗？
    def build():
        torch.manual_seed(1)
        net = nn.Linear(4, 1)
        opt = OPTIMIZERS[optimizer_name](net.parameters())
        sched = SCHEDULERS[scheduler_name](opt) if SCHEDULERS[scheduler_name] else None
        return net, opt, sched

    def steps(net, opt, sched, n):
        losses = []
        for _ in range(n):
            losses.append(train_step(net, opt))
            if sched is not None:
                sched.step()
        return losses

    net, opt, sched = build()
    steps(net, opt, sched, 5)
    buffer = io.BytesIO()
    torch.save({"model_state_dict": net.state_dict(), "optimizer_state_dict": opt.state_dict()}, buffer)
    uninterrupted_rest = steps(net, opt, sched, 5)
    buffer.seek(0)
    saved = torch.load(buffer)
    net_r, opt_r, sched_r = build()
    net_r.load_state_dict(saved["model_state_dict"])
    opt_r.load_state_dict(saved["optimizer_state_dict"])
    return steps(net_r, opt_r, sched_r, 5) == uninterrupted_rest


# 网格：优化器 x 学习率调度器 (调度器的状态不在 optimizer.state_dict() 里，笔记的做法没有保存它)
note_claim_cases = {
    f"{opt_name}, {sched_name}": resume_matches(opt_name, sched_name) for opt_name in OPTIMIZERS for sched_name in SCHEDULERS
}
# 笔记的说法是否成立（本站据此标注核查结果）
# 恢复模型和优化器状态后，每一步的损失与从未中断的训练相同
note_claim_holds = resumed_losses(restore_optimizer=True) == uninterrupted_losses and all(note_claim_cases.values())
# 只恢复模型、用一个新的 Adam 继续训练：损失不同
assert resumed_losses(restore_optimizer=False) != uninterrupted_losses
# 对照：同样的网格，只看不用学习率调度器的情形
note_claim_control = all(ok for case, ok in note_claim_cases.items() if "no scheduler" in case)
