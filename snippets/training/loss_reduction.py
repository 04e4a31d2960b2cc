import warnings

import torch
import torch.nn as nn

output = torch.ones(2, 2, requires_grad=True) * 0.5
target = torch.ones(2, 2)

# 今天的写法：reduction 可选 'none' | 'mean' | 'sum'
for reduction in ("none", "mean", "sum"):
    print(reduction, nn.MSELoss(reduction=reduction)(output, target))

# 'elementwise_mean' 是 'mean' 的旧名字，仍能用但会给出弃用警告
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss = nn.MSELoss(reduction='elementwise_mean')(output, target)
print(loss)
print(caught[0].message)
