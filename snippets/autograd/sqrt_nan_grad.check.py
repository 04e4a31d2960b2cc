def distance_grads(distance):
    # 预测等于目标（距离为 0）时，用 distance 对差向量求出的 x1, x2 的梯度
    fresh1 = torch.tensor(1.0, requires_grad=True)
    fresh2 = torch.tensor(2.0, requires_grad=True)
    distance(torch.stack((fresh1, fresh2)) - torch.stack((t1, t2))).backward()
    return fresh1.grad, fresh2.grad


def sqrt_form(diff):
    return torch.sqrt((diff ** 2).sum())


def norm_form(diff):
    return diff.norm(dim=0)


def has_nan(grads):
    return any(bool(torch.isnan(g)) for g in grads)


# 几种求范数的写法：zero 是零向量的写法，batch 是对 (2, 3) 张量的每一行求范数的写法
norms = {
    "torch.norm": (lambda d, p: torch.norm(d, p), lambda d, p: torch.norm(d, p, dim=1)),
    "Tensor.norm": (lambda d, p: d.norm(p, dim=0), lambda d, p: d.norm(p, dim=1)),
    "torch.linalg.vector_norm": (torch.linalg.vector_norm, lambda d, p: torch.linalg.vector_norm(d, p, dim=1)),
    "torch.linalg.norm": (torch.linalg.norm, lambda d, p: torch.linalg.norm(d, p, dim=1)),
}


def finite_grad(name, p, dtype, batch):
    # 在零向量（batch：第一行为 0、第二行不为 0 的 (2, 3) 张量）处，范数的一阶梯度是否处处有限？
    rows = [[0.0, 0.0, 0.0], [1.0, 0.0, 2.0]] if batch else [0.0, 0.0, 0.0]
    diff = torch.tensor(rows, dtype=dtype, requires_grad=True)
    norms[name][batch](diff, p).sum().backward()
    return bool(torch.isfinite(diff.grad).all())


assert torch.isinf(s.grad)  # sqrt 在 0 处的梯度是 inf
assert x1.grad == 0 and x2.grad == 0  # 笔记原文的 .norm(dim=0) 写法：次梯度 0

# 网格：求范数的函数 × p（'fro' 只有 torch.norm 和 Tensor.norm 接受）× dtype × 零向量或部分行为 0 的一批
norm_cases = {"the note's .norm(dim=0) of the difference at distance 0": not has_nan(distance_grads(norm_form))}
norm_cases.update({
    f"{name}, p={p}, {str(dtype)[6:]}, {'batch with a zero row' if batch else 'zero vector'}": (
        finite_grad(name, p, dtype, batch)
    )
    for name in norms
    for p in (2, 1, float("inf"), 3, 0.5, "fro")
    if p != "fro" or name in ("torch.norm", "Tensor.norm")
    for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64)
    for batch in (False, True)
})



def sqrt_grad_is_nan(dtype, value=0.0):
    # torch.sqrt 在 value 处（dtype）的梯度是 nan 吗（复数：梯度的实部或虚部是 nan）？
    zero = torch.tensor(value, dtype=dtype, requires_grad=True)
    try:
        root = torch.sqrt(zero)
        (root.real if dtype.is_complex else root).backward()
    except RuntimeError:  # 这个版本的 CPU 上没有这种 dtype 的 sqrt（torch 1.13 的 float16）
        return False
    return bool(torch.isnan(torch.view_as_real(zero.grad) if dtype.is_complex else zero.grad).any())


# 网格：sqrt 在 0 处的梯度 × dtype，另有 -0.0
sqrt_cases = {"the lesson's torch.sqrt at 0, float32": bool(torch.isnan(s.grad))}
sqrt_cases |= {
    f"torch.sqrt at 0, {str(dtype)[6:]}": sqrt_grad_is_nan(dtype)
    for dtype in (torch.float64, torch.float16, torch.bfloat16, torch.complex64)
}
sqrt_cases["torch.sqrt at -0.0, float32"] = sqrt_grad_is_nan(torch.float32, -0.0)
# 实数 dtype 下不是 nan 而是无穷：0 处为 inf，-0.0 处为 -inf
negative_zero = torch.tensor(-0.0, requires_grad=True)
torch.sqrt(negative_zero).backward()
assert negative_zero.grad == float("-inf")

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # sqrt 在 0 处的梯度是 nan 吗？（实数 dtype 下为 inf）
    "autograd-sqrt-nan-at-zero": all(sqrt_cases.values()),
    "autograd-norm-instead-of-sqrt": all(norm_cases.values()),
}
note_claims_cases = {"autograd-sqrt-nan-at-zero": sqrt_cases, "autograd-norm-instead-of-sqrt": norm_cases}
# 对照：同样的测量用在 sqrt 写法的整个距离上（0 * inf）：梯度是 nan；换不换 norm 的差别也由它看出
note_claims_control = {
    "autograd-sqrt-nan-at-zero": has_nan(distance_grads(sqrt_form)),
    "autograd-norm-instead-of-sqrt": not has_nan(distance_grads(sqrt_form)),
}

# 不在笔记说的范围内：2 范数在 0 处的二阶导数（create_graph=True 再求导）是 nan
zero = torch.zeros(3, dtype=torch.float64, requires_grad=True)
(first_order,) = torch.autograd.grad(torch.linalg.vector_norm(zero), zero, create_graph=True)
first_order.sum().backward()
assert torch.isnan(zero.grad).all()
