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
# applied recursively to every submodule (children before parents), and finally to self
print(visited)
assert visited == ["Linear", "Linear", "ReLU", "Sequential", "Sequential"]
assert all(torch.all(m.weight == 1) for m in net.modules() if isinstance(m, nn.Linear))

# Does the note's claim hold? (the site labels the claim from this)
# submodules first (depth first), self last
note_claim_holds = visited[-1] == "Sequential" and len(visited) == len(list(net.modules()))
