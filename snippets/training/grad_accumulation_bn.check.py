# 实验: 在一份新的 BN 网络上, 积累梯度是否与大 batch 的梯度不同, BN 的统计量是否在每个 micro-batch 的 forward 中更新
def accumulation_differs(train_mode):
    net = copy.deepcopy(bn_net_start).train(train_mode)
    tracked_before = net[1].num_batches_tracked.item()
    g_small = grads(net, accum_steps)
    forward_updates = net[1].num_batches_tracked.item() - tracked_before
    g_large = grads(copy.deepcopy(bn_net_start).train(train_mode), 1)
    return not torch.allclose(g_small, g_large, atol=1e-6) and forward_updates == accum_steps


bn_net_start = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
assert torch.allclose(grads(copy.deepcopy(mlp), accum_steps), grads(copy.deepcopy(mlp), 1), atol=1e-6)  # 没有 BN 时两者相同

# 笔记的说法是否成立 (本站据此标注核查结果)
# 训练模式: BN 用每个 micro-batch 自己的统计量, 积累梯度与大 batch 的梯度不同; 统计量每个 micro-batch 更新一次
note_claim_holds = accumulation_differs(train_mode=True)
# 对照: 同样的测量用在 eval 模式的 BN 上 (用固定的运行统计, forward 中不更新), 积累梯度与大 batch 相同
note_claim_control = accumulation_differs(train_mode=False)
