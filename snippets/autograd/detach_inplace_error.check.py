def inplace_error(op, saved, edit):
    # op 的反向传播需要 saved（"output" 或 "input"）; edit：先原地修改 saved.detach()（None：不修改）
    fresh = torch.tensor([1., 2., 3.], requires_grad=True)
    out = op(fresh)
    if edit is not None:
        edit((out if saved == "output" else fresh).detach())
    try:
        out.sum().backward()
    except RuntimeError as err:
        return "modified by an inplace operation" in str(err)
    return False


# 几种反向传播要用到已保存张量的运算：sigmoid、exp 保存输出，x * x、sin 保存输入
ops = {"sigmoid": (torch.sigmoid, "output"), "exp": (torch.exp, "output"),
       "x * x": (lambda t: t * t, "input"), "sin": (torch.sin, "input")}


def set_first(d):
    d[0] = 5.0


def write_numpy(d):
    d.numpy()[:] = 0.0


# 对 x.detach() 的几种原地修改：torch 的原地运算，以及绕过 torch 的写入 (.numpy()、.data)
torch_edits = {"mul_(2)": lambda d: d.mul_(2), "d[0] = 5": set_first, "copy_": lambda d: d.copy_(torch.zeros(3))}
other_edits = {"write through .numpy()": write_numpy, "d.data.zero_()": lambda d: d.data.zero_()}

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：对 x.detach() 的任何原地修改都会报错
note_claim_cases = {
    f"op={name}, edit={edit_name}": inplace_error(op, saved, edit)
    for name, (op, saved) in ops.items()
    for edit_name, edit in torch_edits.items()
}
note_claim_cases.update({
    f"op={name}, edit={edit_name}": inplace_error(*ops[name], edit)
    for name in ("sigmoid", "x * x")
    for edit_name, edit in other_edits.items()
})
note_claim_holds = "modified by an inplace operation" in str(lesson_error) and all(note_claim_cases.values())
# 对照：同样的测量，只用 torch 的原地运算：都报错
note_claim_control = all(v for k, v in note_claim_cases.items() if any(e in k for e in torch_edits))
assert not any(inplace_error(op, saved, None) for op, saved in ops.values())  # 不做原地修改：不报错
