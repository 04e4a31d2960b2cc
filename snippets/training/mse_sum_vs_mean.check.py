# 实验: 同样的学习率在前 batch 个样本上训练 20 步, 最后的损失是否发散 (inf / nan 或大于 1e6)
def diverges(reduction, batch, lr=0.01, steps=20):
    torch.manual_seed(0)
    net = nn.Linear(10, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=lr)
    criterion = nn.MSELoss(reduction=reduction)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = criterion(net(x_all[:batch]), y_all[:batch])
        loss.backward()
        optimizer.step()
    value = loss.item()
    return not torch.isfinite(torch.tensor(value)) or value > 1e6


def sum_explodes_mean_does_not(batch):
    return diverges("sum", batch) and not diverges("mean", batch)


assert diverges("mean", 512) == (not torch.isfinite(torch.tensor(final_mean)) or final_mean > 1e6)  # 与课程代码的训练一致

# 笔记的说法是否成立 (本站据此标注核查结果)
# batch 512: 同样的学习率, sum 发散而 mean 不发散
note_claim_holds = sum_explodes_mean_does_not(512)
# 对照: 同样的测量用在 batch 8 上 (sum 的梯度只是 mean 的 8 倍), 两者都不发散
note_claim_control = sum_explodes_mean_does_not(8)
