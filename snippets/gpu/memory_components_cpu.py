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
    "AdamW": torch.optim.AdamW(params),
    "SGD(momentum=0.9)": torch.optim.SGD(params, lr=0.1, momentum=0.9),
    "SGD": torch.optim.SGD(params, lr=0.1),
}

p = nbytes(params)
g = nbytes(q.grad for q in params)
print("params:", p, "bytes, grads:", g, "bytes")

state_bytes = {}
for name, opt in optimizers.items():
    opt.step()  # 第一次 step 时才创建优化器状态
    state_bytes[name] = nbytes(v for s in opt.state.values() for v in s.values()
                               if torch.is_tensor(v) and v.dim() > 0)
    print(f"{name}: optimizer state {state_bytes[name]} bytes = {state_bytes[name] / p} x params")
