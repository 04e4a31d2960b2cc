import torch

torch.manual_seed(0)
# device-agnostic code: use the GPU when there is one, else the CPU; .cuda() never fails
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model = torch.nn.Linear(4, 2).to(device)
x = torch.randn(3, 4, device=device)
y = model(x)
print(y.shape)
assert y.device.type == device.type
