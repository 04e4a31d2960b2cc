# 在新的模型上重做一遍, 每一步都比较从 checkpoint 恢复的训练与从未中断的训练
torch.manual_seed(0)
torch.randn(32, 4), torch.randn(32, 1)  # 与课程代码消耗同样的随机数, 得到同样的初始权重
model_u, optimizer_u = make()
for epoch in range(5):
    train_step(model_u, optimizer_u)
model_r, optimizer_r = make()
checkpoint_r = torch.load("checkpoint.tar")
model_r.load_state_dict(checkpoint_r["model_state_dict"])
optimizer_r.load_state_dict(checkpoint_r["optimizer_state_dict"])
for epoch in range(checkpoint_r["epoch"] + 1, 10):
    assert train_step(model_r, optimizer_r) == train_step(model_u, optimizer_u)
assert torch.equal(model_u.weight, model.weight)  # 重做的不中断训练就是课程代码里的那一个
assert resumed == uninterrupted

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = resumed == uninterrupted
