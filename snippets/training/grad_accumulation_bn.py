import copy

import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(32, 8), torch.randn(32, 1)
accum_steps = 4  # 4 个 micro-batch（每个 8 个样本）积累成一个 batch 32


def grads(model, micro_batches):
    model.zero_grad()
    for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
        loss = nn.functional.mse_loss(model(xb), yb) / micro_batches  # 除以积累步数
        loss.backward()  # 梯度在 .grad 上累加
    return torch.cat([p.grad.flatten() for p in model.parameters()])


# 没有 BN：梯度积累与直接用大 batch 得到的梯度相同
mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
print("no BN, same gradient:", torch.allclose(grads(mlp, accum_steps), grads(mlp, 1), atol=1e-6))

# 有 BN：BN 在 forward() 里用当前 micro-batch 的统计量，积累梯度并没有增大 BN 的 batch size
bn_net = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
big = copy.deepcopy(bn_net)
g_accum, g_big = grads(bn_net, accum_steps), grads(big, 1)
print("with BN, same gradient:", torch.allclose(g_accum, g_big, atol=1e-6))

# running_mean / running_var 在 forward() 阶段更新：每个 micro-batch 更新一次
bn = bn_net[1]
print("BN forward passes:", bn.num_batches_tracked.item(), "momentum:", bn.momentum)

# 减小 momentum，让 BN 的滑动统计量记住更多 micro-batch
for m in bn_net.modules():
    if isinstance(m, nn.BatchNorm1d):
        m.momentum = 0.1 / accum_steps
print("new momentum:", bn.momentum)
