import traceback

import torch

# 同样的代码放到 CPU 上运行: 报错清楚, 并且就停在出错的那一行
labels = torch.tensor([2, 0, -1, 1])  # 标签(target, gt)中出现了负值
onehot = torch.zeros(4, 3)
try:
    onehot.scatter_(1, labels.unsqueeze(1), 1.0)  # RuntimeError: index -1 is out of bounds for dimension 1 with size 3
except RuntimeError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = ("index -1 is out of bounds for dimension 1 with size 3" in str(err)
                        and "scatter_" in traceback.extract_tb(err.__traceback__)[0].line)
    raise
