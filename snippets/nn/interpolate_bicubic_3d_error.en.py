import torch
import torch.nn.functional as F

hmp = torch.zeros(17, 16, 16)  # 3-D tensor (C, H, W) without a batch dim
try:
    F.interpolate(hmp, scale_factor=4, mode="bicubic")  # bicubic needs a 4-D input
except NotImplementedError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "got 3D" in str(err) and "got bicubic" in str(err)
    raise
