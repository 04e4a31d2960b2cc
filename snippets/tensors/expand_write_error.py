# 编者：补上 import，并代替原笔记中的 mask_miss (N, 1, 1, H, W) 与 sxing (N, C, K, H, W)
import torch
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

mask = mask_miss.expand_as(sxing)  # 编者：去掉了 clone(), mask 只是 mask_miss 的视图
print(mask.stride())  # 编者：扩展出的维 stride 为 0
mask[:, :, -2, :, :] = 1   # except for person mask channel
