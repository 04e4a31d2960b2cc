# 编者：补上导入
import torch
import torch.nn as nn


# 编者：笔记中 conv8_2、conv6 两行是 SSD 模型 __init__ 里的片段，这里补上一个类把它们包起来
class SSDPart(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv8_2 = nn.Conv2d(256, 512, kernel_size=3, padding=1, stride=2)  # (batch_size, 512, 38, 38)

        # (H + 2*p - d(ks - 1) - 1) / 2 + 1
        # (38 + 12 - 6*(3 - 1) -1 ) / 2 + 1 = 19.5 向下取整 19
        self.conv6 = nn.Conv2d(512, 1024, kernel_size=3, padding=6, dilation=6)  # (batch_size, 1024, 19, 19)


# 编者：用全零输入看这两层的输出尺寸
m = SSDPart()
with torch.no_grad():
    print(m.conv8_2(torch.zeros(1, 256, 75, 75)).shape)  # (75 + 2 - 2 - 1) / 2 + 1 = 38
    print(m.conv6(torch.zeros(1, 512, 19, 19)).shape)  # 步长为 1: (19 + 12 - 12 - 1) / 1 + 1 = 19

# 编者：注释中的 19.5 对应步长为 2 的情形：输出尺寸向下取整为 19
conv_s2 = nn.Conv2d(4, 4, kernel_size=3, padding=6, dilation=6, stride=2)
out = conv_s2(torch.zeros(1, 4, 38, 38))
print(out.shape)

# 编者：笔记只给出这一层（行末的逗号说明它是某个层序列中的一项）；这里补上一个 75x75 的输入，打印默认和 ceil_mode=True 的输出形状
x = torch.zeros(1, 256, 75, 75)
print(nn.MaxPool2d(kernel_size=2, stride=2)(x).shape)  # (batch_size, 256, 37, 37), 想变成38*38可以使用　ceil_mode=True
print(nn.MaxPool2d(kernel_size=2, stride=2, ceil_mode=True)(x).shape)
