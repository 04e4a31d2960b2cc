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
assert loss.item() == 0.25 and "deprecated" in str(caught[0].message)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 'elementwise_mean' 是 reduction 的可选值之一 (今天它只是会警告的旧名字)
note_claim_holds = not any("deprecated" in str(w.message) for w in caught)
