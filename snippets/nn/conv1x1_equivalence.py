import torch
import torch.nn as nn

torch.manual_seed(0)
# kernel_size=1 时，1D/2D/3D 卷积都只是在每个位置上对通道做同一个线性变换（等价于 nn.Linear），
# 区别只在于输入的空间维度个数：(N, C, L) / (N, C, H, W) / (N, C, D, H, W)
lin = nn.Linear(8, 4)
conv1 = nn.Conv1d(8, 4, kernel_size=1)
conv2 = nn.Conv2d(8, 4, kernel_size=1)
conv3 = nn.Conv3d(8, 4, kernel_size=1)
for conv in (conv1, conv2, conv3):
    conv.weight.data.copy_(lin.weight.data.view(conv.weight.shape))  # 共用同一组权重
    conv.bias.data.copy_(lin.bias.data)

x = torch.randn(2, 8, 3, 5, 7)  # (N, C, D, H, W)
out3 = conv3(x)
out2 = conv2(x.flatten(2, 3))  # 把 D、H 合并成一个空间维
out1 = conv1(x.flatten(2))  # 把所有空间维合并
print(out1.shape, out2.shape, out3.shape)
