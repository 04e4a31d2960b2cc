import torch

# stand-ins for the note's mask_miss (N, 1, 1, H, W) and sxing (N, C, K, H, W)
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

mask = mask_miss.expand_as(sxing)  # no clone(): mask is only a view of mask_miss
print(mask.stride())  # the expanded dims have stride 0
mask[:, :, -2, :, :] = 1   # except for person mask channel
