import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)


def make():
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    return model, optimizer


def train_step(model, optimizer):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


model, optimizer = make()
for epoch in range(5):
    loss = train_step(model, optimizer)

# 保存模型：只保存权重参数，用 .pt
torch.save(model.state_dict(), "model.pt")

# 保存 checkpoint：把多个组件组织在字典中，用 .tar（包含更完整的信息，用于继续训练）
torch.save({
    "epoch": epoch,
    "model_state_dict": model.state_dict(),
    "optimizer_state_dict": optimizer.state_dict(),  # Adam 的动量等状态
    "loss": loss,
}, "checkpoint.tar")

# 恢复保存的优化器状态(optimizer checkpoint resume)，继续优化
model2, optimizer2 = make()
checkpoint = torch.load("checkpoint.tar")
model2.load_state_dict(checkpoint["model_state_dict"])
optimizer2.load_state_dict(checkpoint["optimizer_state_dict"])
start_epoch = checkpoint["epoch"] + 1
print("resume from epoch", start_epoch, "loss", round(checkpoint["loss"], 4))

# 接着训练的结果与从未中断的训练完全一致
for epoch in range(start_epoch, 10):
    resumed = train_step(model2, optimizer2)
    uninterrupted = train_step(model, optimizer)
print("epoch 9 loss", round(resumed, 4), "== uninterrupted", round(uninterrupted, 4))
