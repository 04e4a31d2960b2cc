assert not w.requires_grad and y.requires_grad and z.requires_grad

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not w.requires_grad and x.requires_grad and y.requires_grad and z.requires_grad
