import torch.nn as nn

nstack = 2
# 内层是普通 list，没有用 nn.ModuleList 包装：报错
outs = nn.ModuleList([[nn.Conv2d(128, 16, 1) for j in range(4)] for i in range(nstack)])
