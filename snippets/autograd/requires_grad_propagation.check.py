assert not w.requires_grad and y.requires_grad and z.requires_grad

# 新建张量的 requires_grad 默认值：各种创建方式
defaults_false = {
    "default: torch.zeros": not torch.zeros(1).requires_grad,
    "default: torch.tensor": not torch.tensor([1.0]).requires_grad,
    "default: torch.randn": not torch.randn(1).requires_grad,
    "default: torch.ones_like(x)": not torch.ones_like(x).requires_grad,
    "default: nn.Parameter": not torch.nn.Parameter(torch.ones(1)).requires_grad,
}


def requires_grad(op, grad_mode=True):
    # 由一个新的 requires_grad=True 的张量经 op 算出的结果是否 requires_grad
    t = torch.zeros(3, requires_grad=True)
    with torch.set_grad_enabled(grad_mode):
        return op(t).requires_grad


# 可求导的浮点运算（grad 模式下）
differentiable = {
    "op=arithmetic (x * 2 + w)": lambda t: t * 2 + torch.ones(3),
    "op=exp": lambda t: t.exp(),
    "op=indexing (x[0])": lambda t: t[0],
    "op=matmul with a tensor without grad": lambda t: t @ torch.ones(3),
    "op=float cast (x.double())": lambda t: t.double(),
}
# 依赖 x 但结果不可求导，或明确切断的
cut = {
    "op=comparison (x > 0)": lambda t: t > 0,
    "op=argmax": lambda t: t.argmax(),
    "op=integer cast (x.long())": lambda t: t.long(),
    "op=detach()": lambda t: t.detach() * 2,
}
dependents = {name: requires_grad(op) for name, op in {**differentiable, **cut}.items()}
dependents["mode=no_grad (x * 2)"] = requires_grad(lambda t: t * 2, grad_mode=False)

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：默认 False；依赖它的结果都需要梯度
note_claim_cases = {**defaults_false, **dependents}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量，只用在普通的创建函数和 grad 模式下可求导的浮点运算上：都成立
note_claim_control = all(v for k, v in defaults_false.items() if k != "default: nn.Parameter") and all(
    dependents[name] for name in differentiable
)
assert not any(dependents[name] for name in cut) and not dependents["mode=no_grad (x * 2)"]
