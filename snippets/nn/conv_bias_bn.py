import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(8, 3, 16, 16)

conv_b = nn.Conv2d(3, 4, 3, padding=1, bias=True)
conv_nb = nn.Conv2d(3, 4, 3, padding=1, bias=False)
conv_nb.weight.data.copy_(conv_b.weight.data)  # 同样的权重，只差一个 bias
bn1, bn2 = nn.BatchNorm2d(4), nn.BatchNorm2d(4)

# BN 会减去每个通道的均值，卷积加上的常数 bias 被一起减掉了
y1 = bn1(conv_b(x))
y2 = bn2(conv_nb(x))
print(torch.allclose(y1, y2, atol=1e-5))

# 所以卷积后接 BN 时设 bias=False，少一组参数和一次加法
print(sum(p.numel() for p in conv_b.parameters()), sum(p.numel() for p in conv_nb.parameters()))
