assert torch.equal(x.grad, torch.full((2, 2), 3.))
assert (torch.ones(2, 2) * 3).sum().grad_fn is None  # 不设 requires_grad=True 时没有计算图


def tracked(op):
    # 对一个新的 requires_grad=True 的张量做 op，结果是否被追踪（有 grad_fn）
    t = torch.ones(2, 2, requires_grad=True)
    return op(t).grad_fn is not None


# 可求导的浮点运算：都被追踪
differentiable = {
    "op=arithmetic (x * 3)": lambda t: t * 3,
    "op=exp": lambda t: t.exp(),
    "op=reduction (x.sum())": lambda t: t.sum(),
    "op=indexing (x[0])": lambda t: t[0],
    "op=view": lambda t: t.view(4),
    "op=float cast (x.double())": lambda t: t.double(),
    "op=in-place on a result (y.add_(1))": lambda t: (t * 1).add_(1),
}
# 结果是布尔或整数的运算：不可求导，不被追踪
non_differentiable = {
    "op=comparison (x > 0)": lambda t: t > 0,
    "op=argmax": lambda t: t.argmax(),
    "op=argmin": lambda t: t.argmin(),
    "op=integer cast (x.long())": lambda t: t.long(),
    "op=integer cast (x.int())": lambda t: t.int(),
    "op=max(dim).indices": lambda t: t.max(0).indices,
}
ops_tracked = {name: tracked(op) for name, op in {**differentiable, **non_differentiable}.items()}


def untracked(t, detach=False, no_grad=False):
    # t * 3 的结果 (detach() 之后 / 在 no_grad 块内算出) 是否不被追踪
    with torch.set_grad_enabled(not no_grad):
        d = t * 3
    return not (d.detach() if detach else d).requires_grad


# 对需要梯度的叶子张量本身做原地运算：不是被追踪，而是报错
try:
    torch.ones(2, requires_grad=True).add_(1)
    leaf_inplace_error = None
except RuntimeError as err:
    leaf_inplace_error = err
assert "a leaf Variable that requires grad is being used in an in-place operation" in str(leaf_inplace_error)

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）
note_claim_cases = {
    **ops_tracked,
    "detach: (x * 3).detach() untracked": untracked(x, detach=True),
    "mode=no_grad: x * 3 untracked": untracked(x, no_grad=True),
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量，只用在可求导的浮点运算上（以及 detach、no_grad）：都成立
note_claim_control = all(ops_tracked[name] for name in differentiable) and untracked(x, detach=True) and untracked(x, no_grad=True)
assert not any(ops_tracked[name] for name in non_differentiable)
assert not untracked(x)  # 不 detach、不在 no_grad 块里：被追踪
