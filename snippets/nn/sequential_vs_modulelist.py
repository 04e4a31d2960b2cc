import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(2, 4)

# nn.Sequential 实现了 forward(): 按顺序依次调用各层
calls = []
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
seq.register_forward_hook(lambda module, args, output: calls.append("forward"))
# 构建完成后 forward() 并没有被调用
print("forward calls after construction:", len(calls))
print(seq(x).shape)
print("forward calls after seq(x):", len(calls))

# nn.ModuleList 只是一个注册了子模块的 list, 需要自己写 forward
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

net = Net()
print(net(x).shape)
