assert x.item() == 100 and x.grad.item() == 2


def unaffected(f):
    # 前向之后经 .data 把 x 乘以 100, f 在 x = 1 处的梯度是否不变（也不报错）
    x = torch.ones(1, requires_grad=True)
    f(x).backward()
    untouched = x.grad.item()
    x = torch.ones(1, requires_grad=True)
    y = f(x)
    x.data *= 100
    y.backward()
    return x.grad.item() == untouched


# 笔记的说法是否成立（本站据此标注核查结果）：
# 不只笔记的 y = 2 * x，还有反向传播要用到 x 的 y = x ** 2（梯度变成 200 而不是 2）
note_claim_holds = not x.data.requires_grad and unaffected(lambda x: 2 * x) and unaffected(lambda x: x ** 2)
# 对照：只看笔记的例子 y = 2 * x（反向传播用不到 x 的值）：梯度确实不变
note_claim_control = not x.data.requires_grad and unaffected(lambda x: 2 * x)
