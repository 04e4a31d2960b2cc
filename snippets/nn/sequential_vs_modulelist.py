import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_forward_hook

torch.manual_seed(0)
x = torch.randn(2, 4)

# 全局的 forward hook：之后任何模块的 forward() 一运行就记一笔（在构建 Sequential 之前注册）
calls = []
hook = register_module_forward_hook(lambda module, args, output: calls.append(type(module).__name__))

# nn.Sequential 实现了 forward(): 按顺序依次调用各层
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
# 构建完成后 forward() 并没有被调用
print("forward calls after construction:", calls)
print(seq(x).shape)
print("forward calls after seq(x):", calls)
hook.remove()

# nn.ModuleList 只是一个注册了子模块的 list，需要自己写 forward
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
