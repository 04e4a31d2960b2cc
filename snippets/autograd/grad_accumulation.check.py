import torch.nn as nn


def dense(grad):
    # 稀疏梯度转成普通张量再比较
    return grad.to_dense() if grad.is_sparse else grad


def leaf(dtype):
    def make():
        fresh = torch.randn(3, dtype=dtype, requires_grad=True)
        return [fresh], lambda: (fresh * fresh).sum()
    return make


def complex_leaf():
    fresh = torch.randn(3, dtype=torch.complex64, requires_grad=True)
    return [fresh], lambda: (fresh.abs() ** 2).sum()


def channels_last_conv():
    # 权重是 channels_last 内存格式的卷积
    conv = nn.Conv2d(2, 3, 3).to(memory_format=torch.channels_last)
    inputs = torch.randn(2, 2, 5, 5).to(memory_format=torch.channels_last)
    return [conv.weight, conv.bias], lambda: conv(inputs).pow(2).sum()


def linear():
    layer, inputs = nn.Linear(3, 2), torch.randn(4, 3)
    return [layer.weight, layer.bias], lambda: layer(inputs).pow(2).sum()


def sparse_embedding():
    table, ids = nn.Embedding(5, 2, sparse=True), torch.tensor([0, 2, 2])
    return [table.weight], lambda: table(ids).pow(2).sum()


def grads_of_two_passes(make, between=None):
    # 用 make 做两次前向和反向传播（between：两次之间做的事），返回第一次之后和第二次之后的 .grad
    params, loss = make()
    loss().backward()
    first = [dense(p.grad).clone() for p in params]
    if between is not None:
        between(params)
    loss().backward()
    return first, [dense(p.grad) for p in params]


def accumulates(make, between=None):
    # 第二次之后的 .grad 是否等于两次的梯度之和（同一个输入，所以是第一次的 2 倍）？
    first, second = grads_of_two_passes(make, between)
    return all(torch.allclose(b, 2 * a) for a, b in zip(first, second))


def backward_with_inputs():
    # backward(inputs=[weight])：只累加到 weight 的 .grad
    layer, inputs = nn.Linear(3, 2), torch.randn(4, 3)
    return [layer.weight], lambda: BackwardTo(layer(inputs).pow(2).sum(), [layer.weight])


class BackwardTo:
    # loss().backward() 时调用 backward(inputs=...)
    def __init__(self, loss, inputs):
        self.loss, self.inputs = loss, inputs

    def backward(self):
        self.loss.backward(inputs=self.inputs)


def one_graph_twice(non_leaf):
    # 同一个图 backward 两次（第一次 retain_graph=True）；non_leaf：看 retain_grad() 的中间结果的 .grad
    fresh = torch.randn(3, requires_grad=True)
    hidden = fresh * 2
    hidden.retain_grad()
    out = (hidden * hidden).sum()
    watched = hidden if non_leaf else fresh
    out.backward(retain_graph=True)
    first = watched.grad.clone()
    out.backward()
    return torch.allclose(watched.grad, 2 * first)


def note_sum():
    fresh = torch.ones(2, 2, requires_grad=True)
    return [fresh], fresh.sum


def clear_grads(params):
    for param in params:
        param.grad = None


def zero_grad(params):
    torch.optim.SGD(params, lr=0.1).zero_grad()


def cleared_by_zero_grad(make):
    # 两次之间 optimizer.zero_grad()：第二次之后的 .grad 是否只是这一次的梯度？
    first, second = grads_of_two_passes(make, zero_grad)
    return all(torch.allclose(b, a) for a, b in zip(first, second))


assert torch.equal(x.grad, torch.ones(2, 2))  # 清零后再反向传播一次：1

# 网格：各种需要梯度的张量 × 两次反向传播的方式
note_claim_cases = {
    "the note's x.sum() on a 2 x 2 leaf of ones, two passes": accumulates(note_sum),
    "leaf float32, two forward and backward passes": accumulates(leaf(torch.float32)),
    "leaf float64, two forward and backward passes": accumulates(leaf(torch.float64)),
    "leaf bfloat16, two forward and backward passes": accumulates(leaf(torch.bfloat16)),
    "leaf complex64, two forward and backward passes": accumulates(complex_leaf),
    "nn.Conv2d in channels_last, two passes": accumulates(channels_last_conv),
    "nn.Linear weight, two passes of backward(inputs=[weight])": accumulates(backward_with_inputs),
    "nn.Linear weight and bias, two passes": accumulates(linear),
    "nn.Embedding(sparse=True) weight (sparse .grad), two passes": accumulates(sparse_embedding),
    "leaf, one graph, backward twice with retain_graph=True": one_graph_twice(non_leaf=False),
    "non-leaf with retain_grad(), one graph, backward twice with retain_graph=True": one_graph_twice(non_leaf=True),
    "nn.Linear, optimizer.zero_grad() between the passes: .grad holds one pass": cleared_by_zero_grad(linear),
}

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）
note_claim_holds = all(note_claim_cases.values())
# 对照：两次之间把 .grad 清空（= None），同样的测量：第二次之后的 .grad 不是两次之和
note_claim_control = accumulates(note_sum, clear_grads)

# torch.autograd.grad 返回新的梯度，不动 .grad（不在笔记说的 .grad 的范围内）
fresh = torch.randn(3, requires_grad=True)
torch.autograd.grad((fresh * fresh).sum(), fresh)
assert fresh.grad is None
# optimizer.zero_grad() 的默认：2.0 起 set_to_none=True，.grad 变成 None；1.13 填 0
layer = nn.Linear(3, 2)
layer(torch.randn(4, 3)).sum().backward()
zero_grad(layer.parameters())
assert (layer.weight.grad is None) == (int(torch.__version__.split(".")[0]) >= 2)
