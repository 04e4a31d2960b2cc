assert torch.equal(x.grad, torch.full((2, 2), 3.))
assert (torch.ones(2, 2) * 3).sum().grad_fn is None  # 不设 requires_grad=True 时没有计算图


def untracked(x, detach, no_grad):
    # x * 3 的结果是否有 grad_fn, 而 detach() / no_grad 下的结果不被追踪
    y = (x * 3).sum()
    d = (x * 3).detach() if detach else x * 3
    with torch.set_grad_enabled(not no_grad):
        z = x * 3
    return y.grad_fn is not None and not d.requires_grad and not z.requires_grad


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = y.grad_fn is not None and not d.requires_grad and not z.requires_grad
# 对照: 同样的测量, 但不调用 detach()、不在 no_grad 块里: 结果被追踪
note_claim_control = untracked(x, detach=False, no_grad=False)
assert untracked(x, detach=True, no_grad=True) == note_claim_holds
