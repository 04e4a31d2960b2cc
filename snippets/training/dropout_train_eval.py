import torch  # 编者加
import torch.nn as nn  # 编者加

torch.manual_seed(0)  # 编者加
drop = nn.Dropout()
x = torch.ones(1, 10)

# Train mode (default after construction)
drop.train()
print(drop(x))

# Eval mode
drop.eval()
print(drop(x))

# 编者：下面两段是编者加的
# 训练时保留下来的激活被放大 1/(1-p) 倍（不是 1/p）：p=0.2 时为 1.25
drop = nn.Dropout(p=0.2).train()
out = drop(torch.ones(1, 10))
print(out)

# 编者：没有 model.val() 这个方法，评估模式是 model.eval()
print(hasattr(nn.Module, "val"), hasattr(nn.Module, "eval"))
