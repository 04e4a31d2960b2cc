import torch

torch.manual_seed(0)
# 与设备无关的写法：有 GPU 用 GPU，没有就用 CPU，不会因为 .cuda() 报错
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model = torch.nn.Linear(4, 2).to(device)
x = torch.randn(3, 4, device=device)
y = model(x)
print(y.shape)
