import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(8, 3, 16, 16)

conv_b = nn.Conv2d(3, 4, 3, padding=1, bias=True)
conv_nb = nn.Conv2d(3, 4, 3, padding=1, bias=False)
conv_nb.weight.data.copy_(conv_b.weight.data)  # same weights, differing only in the bias
bn1, bn2 = nn.BatchNorm2d(4), nn.BatchNorm2d(4)

# BN subtracts each channel's mean, which removes the constant bias the conv added
y1 = bn1(conv_b(x))
y2 = bn2(conv_nb(x))
print(torch.allclose(y1, y2, atol=1e-5))
assert torch.allclose(y1, y2, atol=1e-5)

# so set bias=False on a conv followed by BN: one parameter set and one addition fewer
print(sum(p.numel() for p in conv_b.parameters()), sum(p.numel() for p in conv_nb.parameters()))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = torch.allclose(y1, y2, atol=1e-5)
