from thop import profile
from thop import clever_format

# 编者：补上导入和 MyNetwork 的小替身；profile 需要的是模型实例，不是类
import torch
import torch.nn as nn
MyNetwork = nn.Sequential(
    nn.Conv2d(256, 64, kernel_size=1, bias=False),
    nn.ReLU(),
    nn.Conv2d(64, 64, kernel_size=3, padding=1, bias=False),
)

dummy_input = torch.randn(1, 256, 128, 128)
# 编者：加了 verbose=False，不打印 thop 的逐层注册信息
flops, params = profile(MyNetwork, inputs=(dummy_input,), verbose=False)
raw_flops = flops  # 编者：记下 profile 返回的原始数值
flops, params = clever_format([flops, params], "%.3f")
print(flops, params)

# 编者：thop 返回的 "flops" 其实是乘加次数 (MACs)：卷积为 输出元素数 × 每个输出的乘加数，浮点运算数 FLOPs ≈ 2 × MACs
macs = 64 * 128 * 128 * 256 * 1 * 1 + 64 * 128 * 128 * 64 * 3 * 3
print(int(raw_flops), macs)
