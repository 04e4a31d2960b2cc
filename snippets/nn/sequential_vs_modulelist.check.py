# 构建完成时 forward() 有没有被调用：上面的代码后面调用了 seq(x)，在一个新的 Sequential 上重做，
# 同一种全局 hook 在构建之前就已注册
def forward_calls(step):
    seen = []
    handle = register_module_forward_hook(lambda module, args, output: seen.append(module))
    try:
        step()
    finally:
        handle.remove()
    return seen


built = []
calls_at_construction = forward_calls(lambda: built.append(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))))
# 对照：同样的测量用在调用模型 (seq(x)) 上，hook 记下了 Sequential 和它的三层
calls_when_called = forward_calls(lambda: built[0](x))
assert len(built) == 1 and len(calls_when_called) == 4 and calls_when_called[-1] is built[0]
assert calls == ["Linear", "ReLU", "Linear", "Sequential"]
# 两者的参数都被正确注册
assert len(list(seq.parameters())) == len(list(net.parameters())) == 4

# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：nn.Sequential 在构建数个网络层之后会自动调用 forward()
note_claim_holds = len(calls_at_construction) > 0
note_claim_control = len(calls_when_called) > 0
