# 在新的模型上重做一遍: 从 checkpoint 恢复后训练到第 9 轮, 逐步记录损失
def resumed_losses(restore_optimizer):
    model_r, optimizer_r = make()
    checkpoint_r = torch.load("checkpoint.tar")
    model_r.load_state_dict(checkpoint_r["model_state_dict"])
    if restore_optimizer:
        optimizer_r.load_state_dict(checkpoint_r["optimizer_state_dict"])
    return [train_step(model_r, optimizer_r) for _ in range(checkpoint_r["epoch"] + 1, 10)]


# 从未中断的训练: 与课程代码消耗同样的随机数, 得到同样的初始权重
torch.manual_seed(0)
torch.randn(32, 4), torch.randn(32, 1)
model_u, optimizer_u = make()
uninterrupted_losses = [train_step(model_u, optimizer_u) for _ in range(10)][5:]
assert torch.equal(model_u.weight, model.weight)  # 重做的不中断训练就是课程代码里的那一个

# 笔记的说法是否成立 (本站据此标注核查结果)
# 恢复模型和优化器状态后, 每一步的损失与从未中断的训练相同
note_claim_holds = resumed_losses(restore_optimizer=True) == uninterrupted_losses
# 对照: 同样的测量, 但只恢复模型、用一个新的 Adam 继续训练
note_claim_control = resumed_losses(restore_optimizer=False) == uninterrupted_losses
