def implicit_grad_error(y):
    # 不传 gradient 调用 y.backward() 是否报“只能对标量隐式创建梯度”的错？
    try:
        y.backward()
    except RuntimeError as err:
        return "grad can be implicitly created only for scalar outputs" in str(err)
    return False


def wrong_shape_error(y, gradient):
    # 传入 gradient 调用 y.backward(gradient) 是否报形状不符的错？
    try:
        y.backward(gradient=gradient)
    except RuntimeError as err:
        return "Mismatch in shape" in str(err)
    return False


def doubled(shape):
    # 由新的需要梯度的张量算出的 y = 2 * x，形状为 shape
    return torch.ones(shape, requires_grad=True) * 2


fresh = torch.ones(2, 3, requires_grad=True)
same_shape_ok = not wrong_shape_error(fresh * 2, torch.ones(2, 3)) and torch.equal(fresh.grad, torch.full((2, 3), 2.0))

# 网格一：y 的形状 × 不传 gradient；只有一个元素的 y（PyTorch 的报错称之为 scalar outputs）不需要 gradient
note_claim_cases = {"note's code: y of shape (3,), no gradient": "only for scalar outputs" in str(lesson_error)}
note_claim_cases.update({
    f"y of shape {shape}, no gradient: raises iff y has more than one element": (
        implicit_grad_error(doubled(shape)) == (torch.Size(shape).numel() != 1)
    )
    for shape in [(), (1,), (1, 1), (3,), (2, 3)]
})
# 网格二：形状 (2, 3) 的 y × 传入的 gradient 的形状：同形的可以，其余（包括能广播的）都报错
note_claim_cases["y of shape (2, 3), gradient of shape (2, 3): works"] = same_shape_ok
note_claim_cases.update({
    f"y of shape (2, 3), gradient of shape {shape}: raises": wrong_shape_error(doubled((2, 3)), torch.ones(shape))
    for shape in [(3,), (1, 3), (2, 1), (6,), (1,), ()]
})
note_claim_cases["y of shape (3,), gradient of shape (2, 3): raises"] = wrong_shape_error(doubled(3), torch.ones(2, 3))


def backward_works(dtype, gradient):
    # 叶子 x（dtype，形状与 gradient 相同），y = x * 2：y.backward(gradient) 不报错，且 x.grad 是 2 * gradient 吗？
    x = torch.ones(gradient.shape, dtype=dtype, requires_grad=True)
    (x * 2).backward(gradient=gradient)
    return torch.allclose(x.grad, 2 * gradient.to(dtype))


# 网格三：y 与 gradient 的 dtype、gradient 的内存布局（形状都相同）
complex_y = torch.ones(3, dtype=torch.complex64, requires_grad=True) * 2
note_claim_cases["complex64 y of shape (3,), no gradient: raises"] = implicit_grad_error(complex_y)
note_claim_cases["complex64 y of shape (3,), complex64 gradient of shape (3,): works"] = backward_works(
    torch.complex64, torch.full((3,), 1 + 2j, dtype=torch.complex64)
)
note_claim_cases["float64 y of shape (2, 3), float64 gradient of shape (2, 3): works"] = backward_works(
    torch.float64, torch.rand(2, 3, dtype=torch.float64)
)
note_claim_cases["float32 y of shape (2, 3), float64 gradient of shape (2, 3): works"] = backward_works(
    torch.float32, torch.rand(2, 3, dtype=torch.float64)
)
note_claim_cases["y of shape (2, 3), expanded (stride 0) gradient of shape (2, 3): works"] = backward_works(
    torch.float32, torch.rand(1, 3).expand(2, 3)
)


def complex_error(y, gradient=None):
    try:
        y.backward(gradient=gradient)
    except RuntimeError as err:
        return str(err)
    return ""


# 网格外：复数的 y 还要求 gradient 的 dtype 相同（同形的实数 gradient 也报错）；
# 只有一个元素的复数 y 在本站运行的 torch 2.11 及以后的版本上也要传 gradient（torch 1.13 上不用）
assert "same dtype" in complex_error(torch.ones(3, dtype=torch.complex64, requires_grad=True) * 2, torch.ones(3))
one_complex = torch.ones((), dtype=torch.complex64, requires_grad=True) * 2
assert "real scalar outputs" in complex_error(one_complex) or torch.__version__.startswith("1.")

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）
note_claim_holds = all(note_claim_cases.values())
# 对照：同样不传 gradient，但 y 先 .sum() 成标量：不报错
note_claim_control = implicit_grad_error(doubled(3).sum())
