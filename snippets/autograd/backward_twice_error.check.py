import warnings

import torch.nn as nn


def saves_for_backward(name):
    # 几种反向传播要用到已保存张量的运算，输入是新建的、需要梯度的 (2, 3) 张量
    fresh = torch.randn(2, 3, requires_grad=True)
    if name == "Linear":
        return fresh, nn.Linear(3, 2)(fresh).sum()
    ops = {
        "mul": lambda t: t * t, "exp": torch.exp, "sigmoid": torch.sigmoid, "matmul": lambda t: t @ t.T,
        "pow": lambda t: t ** 3, "softmax": lambda t: torch.softmax(t, dim=1) * torch.arange(3.0),
        "x + 1": lambda t: t + 1,
    }
    return fresh, ops[name](fresh).sum()


def second_backward_error(name, call):
    # 先按 call 做第一次反向传播，再 backward 一次：是否报“图已释放”的错？
    fresh, out = saves_for_backward(name)
    with warnings.catch_warnings():
        # backward(create_graph=True) 对叶子张量给出的引用环 UserWarning 与这里的测量无关
        warnings.simplefilter("ignore")
        if call == "torch.autograd.grad":
            torch.autograd.grad(out, fresh)
        else:
            out.backward(**{"backward()": {}, "backward(create_graph=True)": {"create_graph": True},
                            "backward(retain_graph=True)": {"retain_graph": True}}[call])
    try:
        out.backward()
    except RuntimeError as err:
        return "backward through the graph a second time" in str(err)
    return False


# 网格：保存了张量的运算（和一个 nn.Linear）× 第一次反向传播的调用方式
saving_ops = ("mul", "exp", "sigmoid", "matmul", "pow", "softmax", "Linear")
calls = ("backward()", "torch.autograd.grad", "backward(create_graph=True)", "backward(retain_graph=True)")
# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：传 retain_graph=True 时图保留，否则图被释放
note_claim_cases = {"note's code: log(x) * sin(x), backward()": "second time" in str(lesson_error)}
note_claim_cases.update({
    f"{name}, {call}": second_backward_error(name, call) == (call != "backward(retain_graph=True)")
    for name in saving_ops
    for call in calls
})
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的网格，去掉 create_graph=True 的情形，笔记的说法都成立
note_claim_control = all(ok for case, ok in note_claim_cases.items() if "create_graph" not in case)

# 释放的是图为反向传播保存的中间值：什么都不保存的图（x + 1）可以再次 backward，不报错
assert not any(second_backward_error("x + 1", call) for call in calls)
