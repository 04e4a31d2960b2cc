# 构建完成时 forward() 有没有被调用: 上面的代码后面调用了 seq(x), 在一个新的 Sequential 上重做
fresh_calls = []
fresh_seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
fresh_seq.register_forward_hook(lambda module, args, output: fresh_calls.append("forward"))
called_at_construction = len(fresh_calls) > 0
assert not called_at_construction and calls == ["forward"]
# 两者的参数都被正确注册
assert len(list(seq.parameters())) == len(list(net.parameters())) == 4

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: nn.Sequential 在构建数个网络层之后会自动调用 forward()
note_claim_holds = called_at_construction
