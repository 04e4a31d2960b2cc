import torch

# Editor: stand-ins for the note's mask_miss (N, 1, 1, H, W) and sxing (N, C, K, H, W)
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

mask = mask_miss.expand_as(sxing)  # no clone(): mask is only a view of mask_miss
print(mask.stride())  # the expanded dims have stride 0
try:
    mask[:, :, -2, :, :] = 1   # except for person mask channel
finally:
    # Does the note's claim hold? (the site labels the claim from this)
    # the note: without clone(), every channel becomes 1 after the assignment
    note_claim_holds = bool(mask.eq(1).all())
