import torch

# Editor: stand-ins for the note's mask_miss (N, 1, 1, H, W) and sxing (N, C, K, H, W)
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

# a single-element write does not raise, but "touch one, change all": every expanded position is the same element
view = mask_miss.expand_as(sxing)
view[0, 0, 0, 0, 0] = 1
print(view[0, :, :, 0, 0])  # all 4x5 positions are now 1
print(mask_miss[0, 0, 0, 0, 0])  # the original tensor changed too
assert view[0, :, :, 0, 0].eq(1).all() and mask_miss[0, 0, 0, 0, 0] == 1
# a write whose region has no overlap (one element per batch here) does not raise either, and changes every shared position
view[:, 0, 0, 0, 0] = 2
print(view[:, :, :, 0, 0].unique(), mask_miss[:, 0, 0, 0, 0])
assert view[:, :, :, 0, 0].eq(2).all() and mask_miss[:, 0, 0, 0, 0].eq(2).all()

# the fix: clone() after expand to get independent memory before modifying it
mask_miss.zero_()
mask = mask_miss.expand_as(sxing).clone()            # type: torch.Tensor
mask[:, :, -2, :, :] = 1   # except for person mask channel
print(mask[0, 0, :, 0, 0], mask_miss.sum())
assert mask_miss.sum() == 0 and mask[:, :, -2].eq(1).all() and mask.sum() == 2 * 4 * 3 * 3
