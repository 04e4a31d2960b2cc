class SavedSquare(torch.autograd.Function):  # 同一个函数，用 save_for_backward 保存 x
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (saved,) = ctx.saved_tensors
        return 2 * saved * grad


def silently_wrong(function):
    # in-place 改写 backward 要用的 x 之后：不报错而梯度是错的，返回 True
    leaf = torch.tensor(3.0, requires_grad=True)
    inner = leaf * 1
    out = function.apply(inner)
    inner.mul_(0)
    try:
        out.backward()
    except RuntimeError as error:
        assert "modified by an inplace operation" in str(error)
        return False
    return leaf.grad.item() != 6.0


assert w.grad.item() == 0.0  # .data 的例子：不报错，梯度是错的

# 笔记的说法是否成立（本站据此标注核查结果）：用了 in-place 而没报错，梯度就一定对吗？
note_claim_holds = not silently_wrong(Square)
# 对照：同样的检查用在 save_for_backward 上（版本号检查会报错）
note_claim_control = not silently_wrong(SavedSquare)
