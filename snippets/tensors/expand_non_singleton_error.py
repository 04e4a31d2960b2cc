import torch

x = torch.zeros(2, 3)
# 原来大小不为 1 的维 (这里是 2) 不能扩展
try:
    x.expand(4, 3)
except RuntimeError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = "must match the existing size (2) at non-singleton dimension 0" in str(err) and x.expand(-1, 3).shape == (2, 3)
    raise
