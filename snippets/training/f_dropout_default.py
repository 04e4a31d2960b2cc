import inspect

import torch
import torch.nn as nn
import torch.nn.functional as F

# F.dropout 的 training 参数默认是 True
print(inspect.signature(F.dropout))


class Forgetful(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(100, 20)

    def forward(self, input):
        return F.dropout(self.fc(input), p=0.5)  # 忘了传 training=self.training


torch.manual_seed(0)
net = Forgetful().eval()
x = torch.randn(1, 100)
# 即使 model.eval()，dropout 仍然在丢弃激活，测试结果每次都不一样
print("eval: zeros =", (net(x) == 0).sum().item(), " same output twice:", torch.equal(net(x), net(x)))

# 笔记里的 `Class DropoutFC(nn.Module):`（大写 C）在 Python 里是语法错误
try:
    compile("Class DropoutFC(nn.Module):\n    pass\n", "<note>", "exec")
except SyntaxError as err:
    print("SyntaxError:", err.msg)
