assert a[0] == 1  # 改 b 就是改 a
assert a[1] == 0  # clone 出的副本与 a 互不影响
assert type(d.grad_fn).__name__ == "CopyBackwards" and not e.requires_grad


def grad_reaches_source(copier):
    # 对 copier(src) 的结果求（3 * 结果）.sum() 的梯度，梯度是否传回了 src
    src = torch.ones(3, requires_grad=True)
    result = copier(src)
    if result.requires_grad:
        (result * 3).sum().backward()
    return src.grad is not None and torch.equal(src.grad, torch.full((3,), 3.))


def copy_into_zeros(src):
    d = torch.zeros(3)
    d.copy_(src)  # 原地把 src 的值拷到 d
    return d


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：copy_() 不会追踪梯度，而 clone 会
note_claim_holds = grad_reaches_source(torch.clone) and not grad_reaches_source(copy_into_zeros)
# 对照：从 detach() 之后的源拷贝，copy_ 确实不带梯度：同样的测量应得 True
note_claim_control = grad_reaches_source(torch.clone) and not grad_reaches_source(
    lambda src: copy_into_zeros(src.detach())
)
