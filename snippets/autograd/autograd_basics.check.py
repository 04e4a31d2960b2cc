assert torch.equal(x.grad, torch.full((2, 2), 3.))
assert not d.requires_grad
assert not z.requires_grad

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = y.grad_fn is not None and not d.requires_grad and not z.requires_grad
