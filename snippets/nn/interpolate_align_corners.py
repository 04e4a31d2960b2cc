import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
src = torch.randn(1, 1, 5)  # srcWidth = 5
dst_w = 8

out_default = F.interpolate(src, size=dst_w, mode="linear")  # align_corners=None

# 按公式 SrcX=(dstX+0.5)* (srcWidth/dstWidth) -0.5 手工做线性插值
src_w = src.shape[-1]
manual = []
for dst_x in range(dst_w):
    x = (dst_x + 0.5) * (src_w / dst_w) - 0.5
    x = max(x, 0.0)  # 左边界外的位置截断到 0
    x0 = min(int(x), src_w - 1)
    x1 = min(x0 + 1, src_w - 1)
    w1 = x - x0
    manual.append((1 - w1) * src[0, 0, x0] + w1 * src[0, 0, x1])
manual = torch.stack(manual)
print(out_default[0, 0])
print(manual)

# align_corners=True 则按角点对齐：SrcX = dstX * (srcWidth-1)/(dstWidth-1)，结果不同
out_true = F.interpolate(src, size=dst_w, mode="linear", align_corners=True)
print(torch.allclose(out_true, out_default))

# 反例 1：默认的 mode='nearest' 不按这个公式取像素
# 输入是下标 0..4 本身，输出就是每个目标像素取到的源像素下标
ramp = torch.arange(5.0).view(1, 1, 5)
print(F.interpolate(ramp, size=8)[0, 0].tolist())  # mode='nearest'
# 按公式取离 SrcX 最近的源像素：mode='nearest-exact' 就是这样取的
print([min(math.floor((x + 0.5) * 5 / 8), 4) for x in range(8)])
print(F.interpolate(ramp, size=8, mode="nearest-exact")[0, 0].tolist())

# 反例 2：给 scale_factor 而不是 size 时，比例是 1/scale_factor，而不是 srcWidth/dstWidth
ramp15 = torch.arange(15.0).view(1, 1, 15)
by_scale = F.interpolate(ramp15, scale_factor=1.5, mode="linear")  # 15 个像素 -> 22 个
# 在下标输入上，linear 的输出就是 SrcX: dstX=1 处
print(by_scale.shape[-1], round(by_scale[0, 0, 1].item(), 4))
print(round((1 + 0.5) * (15 / 22) - 0.5, 4), round((1 + 0.5) / 1.5 - 0.5, 4))
