assert x.item() == 100 and x.grad.item() == 2

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = x.item() == 100 and x.grad.item() == 2 and not x.data.requires_grad
