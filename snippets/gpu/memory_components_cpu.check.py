assert state_bytes["SGD"] == 0  # 没有状态

# 笔记的说法是否成立（本站据此标注核查结果）
# 梯度 = 模型参数大小；Adam / AdamW 的状态 = 2 倍模型参数
note_claim_holds = g == p and state_bytes["Adam"] == 2 * p and state_bytes["AdamW"] == 2 * p


def state_ratio(name, dtype, foreach, amsgrad):
    # 同一个模型在 dtype 下走一步：优化器状态（不算标量 step）是参数的几倍？梯度与参数一样大吗？
    net = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10)).to(dtype)
    weights = list(net.parameters())
    net(torch.randn(8, 64, dtype=dtype)).sum().backward()
    options = {"foreach": foreach} | ({"amsgrad": True} if amsgrad else {})
    opt = getattr(torch.optim, name)(weights, lr=1e-3, **options)
    opt.step()
    state = nbytes(v for s in opt.state.values() for v in s.values() if torch.is_tensor(v) and v.dim() > 0)
    assert nbytes(w.grad for w in weights) == nbytes(weights)  # 梯度 = 模型参数大小
    return state / nbytes(weights)


# 网格：保存一阶和二阶动量的优化器 x amsgrad x 参数的 dtype x foreach 实现
grid = [
    (name, dtype, foreach, amsgrad)
    for name in ("Adam", "AdamW", "NAdam", "RAdam", "Adamax")
    for amsgrad in ((False, True) if name in ("Adam", "AdamW") else (False,))
    for dtype in (torch.float32, torch.bfloat16)
    for foreach in (False, True)
]
ratios = {case: state_ratio(*case) for case in grid}
note_claim_cases = {
    f"{name}{'(amsgrad=True)' if amsgrad else ''}, {str(dtype)[6:]}, foreach={foreach}": ratio == 2
    for (name, dtype, foreach, amsgrad), ratio in ratios.items()
}
note_claim_holds = note_claim_holds and all(note_claim_cases.values())
assert all(ratio == 3 for (_, _, _, amsgrad), ratio in ratios.items() if amsgrad)  # amsgrad 多存一份
assert state_bytes["SGD(momentum=0.9)"] == p  # 只有一份动量的优化器：1 倍
# 对照：同样的网格去掉 amsgrad=True 的情形：都是 2 倍
note_claim_control = all(ok for case, ok in note_claim_cases.items() if "amsgrad" not in case)
