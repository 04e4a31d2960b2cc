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

# align_corners=True 则按角点对齐: SrcX = dstX * (srcWidth-1)/(dstWidth-1), 结果不同
out_true = F.interpolate(src, size=dst_w, mode="linear", align_corners=True)
print(torch.allclose(out_true, out_default))
