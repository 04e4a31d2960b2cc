import cv2
import torch
import torch.nn.functional as F

torch.manual_seed(0)
img = torch.rand(1, 1, 6, 7)  # (N, C, H, W)：一张 6x7 的单通道图

for size in [(9, 11), (3, 4)]:  # 放大和缩小
    # OpenCV 的双线性缩放（dsize 是（宽，高））
    ref = torch.from_numpy(cv2.resize(img[0, 0].numpy(), (size[1], size[0]),
                                      interpolation=cv2.INTER_LINEAR))
    default = F.interpolate(img, size=size, mode="bilinear")[0, 0]  # align_corners=None
    corners = F.interpolate(img, size=size, mode="bilinear", align_corners=True)[0, 0]
    d_default = (default - ref).abs().max().item()
    d_corners = (corners - ref).abs().max().item()
    print(f"{size}: max |interpolate - cv2.resize|: default < 1e-5 {d_default < 1e-5}, "
          f"align_corners=True {d_corners:.2f}")

# 默认的 align_corners=None 与 OpenCV 一致（差别只是浮点误差），align_corners=True 则不同
