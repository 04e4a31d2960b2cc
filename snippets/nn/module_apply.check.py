assert visited == ["Linear", "Linear", "ReLU", "Sequential", "Sequential"]
assert all(torch.all(m.weight == 1) for m in net.modules() if isinstance(m, nn.Linear))

# 笔记的说法是否成立 (本站据此标注核查结果)
# 先子模块 (深度优先), 最后是 self 本身
note_claim_holds = visited[-1] == "Sequential" and len(visited) == len(list(net.modules()))
