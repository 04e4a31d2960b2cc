import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 2), nn.ReLU()))

visited = []


@torch.no_grad()
def init_weights(m):
    visited.append(type(m).__name__)
    if isinstance(m, nn.Linear):
        m.weight.fill_(1.0)
        m.bias.fill_(0.0)


net.apply(init_weights)
# 递归作用于每个子模块 (先子模块, 后父模块), 最后是 self
print(visited)
assert visited == ["Linear", "Linear", "ReLU", "Sequential", "Sequential"]
assert all(torch.all(m.weight == 1) for m in net.modules() if isinstance(m, nn.Linear))

# 笔记的说法是否成立 (本站据此标注核查结果)
# 先子模块 (深度优先), 最后是 self 本身
note_claim_holds = visited[-1] == "Sequential" and len(visited) == len(list(net.modules()))
