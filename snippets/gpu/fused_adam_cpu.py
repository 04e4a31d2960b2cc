import copy

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
x, y = torch.randn(64, 16), torch.randn(64, 4)

def train(impl):
    m = copy.deepcopy(model)
    # foreach=False：逐个参数循环（CPU 上的默认）; foreach=True：多个参数一起算（GPU 上的默认）; fused=True：融合成一个 kernel
    opt = torch.optim.Adam(m.parameters(), lr=1e-2, **impl)
    for _ in range(5):
        opt.zero_grad()
        torch.nn.functional.mse_loss(m(x), y).backward()
        opt.step()
    return m

ref = train({"foreach": False})
for impl in ({"foreach": True}, {"fused": True}):
    m = train(impl)
    same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(ref.parameters(), m.parameters()))
    print(impl, same)
