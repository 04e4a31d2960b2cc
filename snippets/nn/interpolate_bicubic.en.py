from types import SimpleNamespace

import torch

torch.manual_seed(0)
hmps = torch.randn(2, 17, 16, 16)  # heatmap tensor of shape=(N, C, H, W)
args = SimpleNamespace(square_length=64)  # Editor: stands in for the original command-line arguments

sizeHW = (args.square_length, args.square_length)  # square_length is 4x the size of hmps
hmps1 = torch.nn.functional.interpolate(hmps, size=sizeHW, mode="bicubic")
hmps2 = torch.nn.functional.interpolate(hmps, scale_factor=4, mode="bicubic")
t = (hmps1==hmps2).all()  # >>> prints a Tensor that is True
print(t)
print(hmps1.shape)  # only the last two dims are resized; N and C are unchanged
assert t and hmps1.shape == (2, 17, 64, 64)

# a 3-D tensor (C, H, W): add a batch dim first, remove it after resizing
hmp3d = hmps[0]
up = torch.nn.functional.interpolate(hmp3d.unsqueeze(0), scale_factor=4, mode="bicubic").squeeze(0)
print(up.shape)

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = bool(t) and hmps1.shape == (2, 17, 64, 64) and up.shape == (17, 64, 64)
