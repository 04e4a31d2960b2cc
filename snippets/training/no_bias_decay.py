import torch  # 编者加
import torch.nn as nn  # 编者加
from torch import optim  # 编者加

torch.manual_seed(0)  # 编者加

# 编者：这一段是编者加的演示
# 默认情况：weight_decay 对同一个参数组里的所有参数都起作用，包括 bias
layer = nn.Linear(4, 4)
nn.init.constant_(layer.bias, 1.0)
optimizer = optim.SGD(layer.parameters(), lr=0.1, weight_decay=0.1)
for p in layer.parameters():
    p.grad = torch.zeros_like(p)  # 梯度为 0，只剩下 weight decay 的作用
optimizer.step()
print("bias after one step:", layer.bias.detach())


# 编者：补上一个 Trainer 类 (self.net、self.args)，把笔记中的 self.opti = ... 包起来
class Trainer:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
        self.args = {'lr': 0.01, 'weight_decay': 5e-4}
        self.opti = optim.SGD(
            [
                # 不对bias参数执行weight decay操作，weight decay主要的作用就是通过对网络
                # 层的参数（包括weight和bias）做约束（L2正则化会使得网络层的参数更加平滑）达
                # 到减少模型过拟合的效果。
                {'params': [param for name, param in self.net.named_parameters()
                            if name[-4:] == 'bias'],
                 'lr': 2 * self.args['lr']},
                {'params': [param for name, param in self.net.named_parameters()
                            if name[-4:] != 'bias'],
                 'lr': self.args['lr'],
                 'weight_decay': self.args['weight_decay']}
            ],
        )  # 编者：笔记中的代码到这里为止，补上右括号


# 编者：看看两个参数组
trainer = Trainer()
for group in trainer.opti.param_groups:
    print(len(group['params']), "params, lr", group['lr'], "weight_decay", group['weight_decay'])
