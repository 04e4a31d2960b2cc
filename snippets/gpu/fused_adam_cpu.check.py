from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten

# foreach 那一轮的结果在这里重做（循环结束时 m 是 fused 那一轮的模型）
foreach_model = train({"foreach": True})
assert all(torch.allclose(a, b, atol=1e-6) for a, b in zip(ref.parameters(), foreach_model.parameters()))


class CountOps(TorchDispatchMode):
    # 数 optimizer.step() 调用的 aten 算子：全部的，和作用在参数（及其梯度、状态）上的
    # （不算 step 计数器这种 0 维张量上的运算）

    def __init__(self):
        super().__init__()
        self.total = 0
        self.on_parameters = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.total += 1
        flat, _ = tree_flatten((args, kwargs or {}))
        self.on_parameters += any(isinstance(t, torch.Tensor) and t.dim() > 0 for t in flat)
        return func(*args, **(kwargs or {}))


def ops_per_step(n_layers, impl, width=8):
    net = torch.nn.Sequential(*[torch.nn.Linear(width, width) for _ in range(n_layers)])
    opt = torch.optim.Adam(net.parameters(), **impl)
    for step in range(2):  # 第一次 step 创建状态；数第二次
        opt.zero_grad()
        net(torch.randn(2, width)).sum().backward()
        with CountOps() as counter:
            opt.step()
    return counter.total, counter.on_parameters


# 网格：三种实现 x 参数张量的个数（1 到 16 层 Linear，即 2 到 32 个参数张量）和大小（宽 8 与 64）
implementations = {
    "for-loop": {"foreach": False},
    "foreach": {"foreach": True},
    "fused": {"fused": True},
}
layer_counts = (1, 2, 4, 8, 16)
counts = {
    (name, width): [ops_per_step(n, impl, width) for n in layer_counts]
    for name, impl in implementations.items()
    for width in (8, 64)
}


def loops_over_parameters(name, width):
    # 参数张量多一个，step() 作用在参数上的算子就多几个吗（即逐个参数地算）?
    on_parameters = [on for _, on in counts[(name, width)]]
    return on_parameters[-1] > on_parameters[0]


# 笔记的说法是否成立（本站据此标注核查结果）：原生 Adam 逐个参数循环（要快只能用 Apex）?
# 每种实现、每种宽度一格：这种实现是不是逐个参数地启动一串算子
note_claim_cases = {
    f"impl={name}, tensors=2..32, width={width}": loops_over_parameters(name, width)
    for name in implementations
    for width in (8, 64)
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的量法，只看逐个参数循环的实现 (foreach=False)，得 True
note_claim_control = all(
    loops_over_parameters("for-loop", width) for width in (8, 64)
)
# 数出来的规律：fused 不论参数多少都是 4 个算子（其中 1 个作用在参数上），foreach 作用在参数上的固定是 7 个
assert all(c == (4, 1) for width in (8, 64) for c in counts[("fused", width)])
assert all(on == 7 for width in (8, 64) for _, on in counts[("foreach", width)])
assert [on for _, on in counts[("for-loop", 8)]] == [14, 28, 56, 112, 224]
