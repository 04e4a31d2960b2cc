import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2))  # parameter：由 optimizer 更新
        self.register_buffer("running", torch.zeros(2))  # buffer：不被 optimizer 更新
        self.plain = torch.zeros(2)  # 普通成员变量

    def forward(self, x):
        self.running += x.detach().mean()  # buffer 常在 forward 中更新
        return x * self.weight


m = Model()
print([n for n, _ in m.named_parameters()])  # model.parameters()
print([n for n, _ in m.named_buffers()])  # model.buffers()
print(list(m.state_dict().keys()))  # 普通成员变量不在 state_dict 中

# 设备移动 (以及 .double() 等转换) 只作用于注册的 parameter 和 buffer;
# 这里用 meta 设备代替 model.cuda(), CPU 上即可演示
m.to("meta")
print(m.weight.device, m.running.device, m.plain.device)

# buffer 并不是"只能在 forward 中更新"：任何地方都可以赋值或原地修改
m2 = Model()
m2.running.fill_(5.0)
print(m2.state_dict()["running"])
