from torch.utils._python_dispatch import TorchDispatchMode

# foreach 那一轮的结果在这里重做 (循环结束时 m 是 fused 那一轮的模型)
foreach_model = train({"foreach": True})
assert all(torch.allclose(a, b, atol=1e-6) for a, b in zip(ref.parameters(), foreach_model.parameters()))


class CountOps(TorchDispatchMode):
    # 数一数 optimizer.step() 调用了多少个 aten 算子 (在 GPU 上大致就是多少次 kernel 启动)

    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


def ops_per_step(n_layers, impl):
    net = torch.nn.Sequential(*[torch.nn.Linear(8, 8) for _ in range(n_layers)])
    opt = torch.optim.Adam(net.parameters(), **impl)
    for step in range(2):  # 第一次 step 创建状态; 数第二次
        opt.zero_grad()
        net(torch.randn(2, 8)).sum().backward()
        with CountOps() as counter:
            opt.step()
    return counter.count


def loops_over_parameters(impl):
    # 参数多一倍时, step() 调用的算子也跟着变多吗?
    return ops_per_step(4, impl) > ops_per_step(2, impl)


# 笔记的说法是否成立 (本站据此标注核查结果): 原生 Adam 逐个参数循环 (要快只能用 Apex)?
# 原生 Adam 的 fused 实现: 算子个数与参数个数无关
note_claim_holds = loops_over_parameters({"fused": True})
# 对照: 同样的量法用在逐个参数循环的实现 (foreach=False) 上
note_claim_control = loops_over_parameters({"foreach": False})
