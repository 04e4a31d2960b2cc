import torch
import torch.nn as nn

torch.manual_seed(0)
drop = nn.Dropout()
x = torch.ones(1, 10)

# Train mode (default after construction)
drop.train()
print(drop(x))

# Eval mode
drop.eval()
print(drop(x))

# 训练时保留下来的激活被放大 1/(1-p) 倍（不是 1/p）：p=0.2 时为 1.25
drop = nn.Dropout(p=0.2).train()
out = drop(torch.ones(1, 10))
print(out)
kept_values = set(out.unique().tolist())
assert kept_values <= {0.0, 1.25}

# 没有 model.val() 这个方法，评估模式是 model.eval()
print(hasattr(nn.Module, "val"), hasattr(nn.Module, "eval"))

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "training-model-val": hasattr(nn.Module, "val"),
    # 笔记: 训练时激活值被放大 1./p 倍 (p=0.2 时应为 5)
    "training-dropout-scale": kept_values <= {0.0, 1 / 0.2},
}
