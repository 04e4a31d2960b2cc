def inplace_error(op, saved, edit):
    # op 的反向传播需要 saved ("output" 或 "input"); edit: 先原地修改 saved.detach()
    fresh = torch.tensor([1., 2., 3.], requires_grad=True)
    out = op(fresh)
    if edit:
        (out if saved == "output" else fresh).detach().mul_(2)
    try:
        out.sum().backward()
    except RuntimeError as err:
        return "modified by an inplace operation" in str(err)
    return False


# 几种反向传播要用到已保存张量的运算: sigmoid、exp 保存输出, x * x、sin 保存输入
cases = [(torch.sigmoid, "output"), (torch.exp, "output"), (lambda t: t * t, "input"), (torch.sin, "input")]

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = ("modified by an inplace operation" in str(lesson_error)
                    and all(inplace_error(op, saved, edit=True) for op, saved in cases))
# 对照: 同样的运算, 不做原地修改: 不报错
note_claim_control = all(inplace_error(op, saved, edit=False) for op, saved in cases)
