import torch

torch.manual_seed(0)

def nbytes(tensors):
    return sum(t.numel() * t.element_size() for t in tensors)

model = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
params = list(model.parameters())
loss = model(torch.randn(32, 256)).sum()
loss.backward()

optimizers = {
    "Adam": torch.optim.Adam(params),
    "SGD(momentum=0.9)": torch.optim.SGD(params, lr=0.1, momentum=0.9),
    "SGD": torch.optim.SGD(params, lr=0.1),
}

p = nbytes(params)
g = nbytes(q.grad for q in params)
print("params:", p, "bytes, grads:", g, "bytes")
assert g == p  # 梯度参数 = 模型参数

state_bytes = {}
for name, opt in optimizers.items():
    opt.step()  # 第一次 step 时才创建优化器状态
    state_bytes[name] = nbytes(v for s in opt.state.values() for v in s.values()
                               if torch.is_tensor(v) and v.dim() > 0)
    print(f"{name}: optimizer state {state_bytes[name]} bytes = {state_bytes[name] / p} x params")

assert state_bytes["Adam"] == 2 * p               # 一阶动量 + 二阶动量
assert state_bytes["SGD(momentum=0.9)"] == p      # 只有一份动量
assert state_bytes["SGD"] == 0                    # 没有状态

# 笔记的说法是否成立 (本站据此标注核查结果)
# 梯度 = 模型参数大小; Adam 的状态 = 2 倍模型参数
note_claim_holds = g == p and state_bytes["Adam"] == 2 * p
