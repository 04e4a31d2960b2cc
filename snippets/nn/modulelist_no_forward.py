import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU()])
try:
    layers(torch.randn(2, 4))  # ModuleList 没有实现 forward(), 不能直接调用
except NotImplementedError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = 'missing the required "forward" function' in str(err)
    raise
