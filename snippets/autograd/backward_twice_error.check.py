def second_backward_error(build, retain_graph):
    # 对同一个图第二次 backward 是否报 "图已释放" 的错
    x = torch.tensor(2.0, requires_grad=True)
    y = build(x)
    y.backward(retain_graph=retain_graph)
    try:
        y.backward()
    except RuntimeError as err:
        return "backward through the graph a second time" in str(err)
    return False


def log_sin(x):
    return torch.log(x) * torch.sin(x)


# 释放的是图为反向传播保存的中间值: 什么都不保存的图 (x + 1) 可以再次 backward, 不报错
assert not second_backward_error(lambda x: x + 1, retain_graph=False)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "backward through the graph a second time" in str(lesson_error)
# 对照: 第一次 backward 传 retain_graph=True: 第二次不报错
note_claim_control = second_backward_error(log_sin, retain_graph=True)
assert second_backward_error(log_sin, retain_graph=False) == note_claim_holds
