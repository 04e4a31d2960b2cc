def implicit_grad_error(y):
    # 不传 gradient 调用 y.backward() 是否报 "只能对标量隐式创建梯度" 的错
    try:
        y.backward()
    except RuntimeError as err:
        return "grad can be implicitly created only for scalar outputs" in str(err)
    return False


def wrong_shape_error(y, gradient):
    try:
        y.backward(gradient=gradient)
    except RuntimeError as err:
        return "Mismatch in shape" in str(err)
    return False


fresh = torch.ones(3, requires_grad=True)
same_shape_ok = not wrong_shape_error(fresh * 2, torch.ones(3)) and torch.equal(fresh.grad, torch.full((3,), 2.))
# 形状不同的 gradient 也报错 (标量 1.0, 或 (2, 3))
other_shape_fails = (wrong_shape_error(fresh * 2, torch.tensor(1.0))
                     and wrong_shape_error(fresh * 2, torch.ones(2, 3)))
# 只有一个元素、但不是 0 维的张量 (形状 (1,)) 不需要 gradient: 条件是元素个数, 不是维数
assert not implicit_grad_error(torch.ones(1, requires_grad=True) * 2)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = ("grad can be implicitly created only for scalar outputs" in str(lesson_error)
                    and same_shape_ok and other_shape_fails)
# 对照: 同样不传 gradient, 但 y 是标量 (先 .sum()): 不报错
note_claim_control = implicit_grad_error((torch.ones(3, requires_grad=True) * 2).sum()) and same_shape_ok and other_shape_fails
