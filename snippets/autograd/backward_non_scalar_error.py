import torch

x = torch.ones(3, requires_grad=True)
y = x * 2  # y 是向量, 不是标量
try:
    y.backward()  # 没有传入与 y 同形的 gradient, 报错
except RuntimeError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = "grad can be implicitly created only for scalar outputs" in str(err)
    raise
