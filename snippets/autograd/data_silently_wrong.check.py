assert torch.equal(a.grad, torch.zeros(3)) and not torch.allclose(a.grad, expected)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not torch.allclose(a.grad, expected)
