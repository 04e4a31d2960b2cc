import torch

# 编者: 代替原笔记中的 mask_miss (N, 1, 1, H, W) 与 sxing (N, C, K, H, W)
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

mask = mask_miss.expand_as(sxing)  # 没有 clone(): mask 只是 mask_miss 的视图
print(mask.stride())  # 扩展出的维 stride 为 0
try:
    mask[:, :, -2, :, :] = 1   # except for person mask channel
finally:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    # 笔记: 没有 clone() 时, 赋值后所有通道上的 tensor 都会变成 1
    note_claim_holds = bool(mask.eq(1).all())
