import torch.nn as nn

nstack = 2
# 内层是普通 list, 没有用 nn.ModuleList 包装: 报错
try:
    outs = nn.ModuleList([[nn.Conv2d(128, 16, 1) for j in range(4)] for i in range(nstack)])
except TypeError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = "is not a Module subclass" in str(err)
    raise
