import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 4)
x = torch.randn(2, 8)

# torch 自带的混合精度 (torch.amp)，不需要 Apex; CPU 上用 bfloat16
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    y = model(x)

print(y.dtype)
print(model.weight.dtype)
