import torch
from torch.utils.flop_counter import FlopCounterMode

def count(module, x):
    params = sum(p.numel() for p in module.parameters())
    with FlopCounterMode(display=False) as counter:
        module(x)
    return params, counter.get_total_flops()

# fc：参数量大，计算量小
fc = torch.nn.Linear(4096, 4096)
fc_params, fc_flops = count(fc, torch.randn(1, 4096))
# conv：参数量小，计算量大（同一个卷积核在每个空间位置上都要算一遍）
conv = torch.nn.Conv2d(64, 64, 3, padding=1)
conv_params, conv_flops = count(conv, torch.randn(1, 64, 56, 56))

print(f"fc:   params {fc_params:>10,}  FLOPs {fc_flops:>14,}")
print(f"conv: params {conv_params:>10,}  FLOPs {conv_flops:>14,}")

# MobileNet 的深度可分离卷积 = 逐通道 3x3 卷积 + 1x1 卷积
standard = torch.nn.Conv2d(64, 128, 3, padding=1, bias=False)
separable = torch.nn.Sequential(
    torch.nn.Conv2d(64, 64, 3, padding=1, groups=64, bias=False),  # depthwise
    torch.nn.Conv2d(64, 128, 1, bias=False),                        # pointwise
)
x = torch.randn(1, 64, 56, 56)
s_params, s_flops = count(standard, x)
d_params, d_flops = count(separable, x)
print(f"standard 3x3:        params {s_params:>8,}  FLOPs {s_flops:>14,}")
print(f"depthwise separable: params {d_params:>8,}  FLOPs {d_flops:>14,}")
# 参数量和计算量都变小了（约 1/8），并不是用更多参数换更少计算
