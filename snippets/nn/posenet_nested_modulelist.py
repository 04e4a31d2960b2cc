# 编者：补上导入
import torch.nn as nn


# 编者：原笔记中的 Conv 是作者自定义的 卷积 (+BN)(+ReLU) 模块，这里用一个小的替身代替
class Conv(nn.Module):
    def __init__(self, inp_dim, out_dim, kernel_size=3, stride=1, bn=False, relu=True):
        super().__init__()
        self.conv = nn.Conv2d(inp_dim, out_dim, kernel_size, stride, padding=(kernel_size - 1) // 2)
        self.bn = nn.BatchNorm2d(out_dim) if bn else nn.Identity()
        self.relu = nn.ReLU() if relu else nn.Identity()
    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


class PoseNet(nn.Module):
    def __init__(self, nstack, inp_dim, oup_dim, bn=False, increase=128, **kwargs):
        """ Pack or initialize the trainable parameters of the network"""
        super(PoseNet, self).__init__()
        self.pre = nn.Sequential(
            Conv(3, 64, 7, 2, bn=bn),
            Conv(64, 128, bn=bn),
            nn.MaxPool2d(2, 2))

        self.outs = nn.ModuleList(
            [nn.ModuleList([Conv(inp_dim, oup_dim, 1, relu=False, bn=False) for j in range(4)]) for i in range(nstack)])


# 编者：建一个 nstack=2 的小网络试一下
net = PoseNet(nstack=2, inp_dim=128, oup_dim=16)
print(net.outs[1][3])  # 二维下标索引
# 内层也用 nn.ModuleList 包装后，所有 2x4 个输出层的参数都被注册
n_out_params = sum(p.numel() for p in net.outs.parameters())
print(n_out_params)
