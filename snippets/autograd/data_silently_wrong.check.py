assert torch.equal(a.grad, torch.zeros(3))


def grad_after(op, saved, edit):
    # op 的反向传播需要 saved（"output" 或 "input"）；edit：前向之后经 .data 原地修改 saved（None：不修改）
    fresh = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = op(fresh)
    if edit is not None:
        edit((out if saved == "output" else fresh).data)
    out.sum().backward()  # 改或不改都不报错（报错会让这个检查失败）
    return fresh.grad


def silently_wrong(op, saved, edit):
    # 经 .data 修改之后，梯度与不修改时的正确梯度不同吗？
    return not torch.allclose(grad_after(op, saved, edit), grad_after(op, saved, None))


# 反向传播要用到被改的张量的运算：sigmoid、exp、tanh、relu 保存输出，x * x、sin、x ** 3、abs 保存输入
ops = {
    "sigmoid": (torch.sigmoid, "output"), "exp": (torch.exp, "output"), "tanh": (torch.tanh, "output"),
    "relu": (torch.relu, "output"), "x * x": (lambda t: t * t, "input"), "sin": (torch.sin, "input"),
    "x ** 3": (lambda t: t ** 3, "input"), "abs": (torch.abs, "input"),
}
# 经 .data 的两种修改：乘以 2、清零
edits = {"scale: mul_(2)": lambda d: d.mul_(2), "zero: zero_()": lambda d: d.zero_()}

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：梯度算错，而且不报错
note_claim_cases = {"note's code: sigmoid, out.data.zero_()": not torch.allclose(a.grad, expected)}
note_claim_cases.update({
    f"{name} (saves its {saved}), {edit_name}": silently_wrong(op, saved, edit)
    for name, (op, saved) in ops.items()
    for edit_name, edit in edits.items()
})
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的网格，去掉反向传播只用到符号的 relu 和 abs：都算错
note_claim_control = all(ok for case, ok in note_claim_cases.items() if not case.startswith(("relu", "abs")))

# 不在范围内：反向传播用不到 x 的 2 * x、x + 1，经 .data 修改 x 之后梯度仍然正确
assert not any(silently_wrong(op, "input", edit) for op in (lambda t: 2 * t, lambda t: t + 1) for edit in edits.values())
