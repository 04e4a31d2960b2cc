import torch
import torch.nn as nn
from thop import profile
from thop import clever_format

# Editor: a small stand-in for MyNetwork; profile needs a model instance, not a class
MyNetwork = nn.Sequential(
    nn.Conv2d(256, 64, kernel_size=1, bias=False),
    nn.ReLU(),
    nn.Conv2d(64, 64, kernel_size=3, padding=1, bias=False),
)

dummy_input = torch.randn(1, 256, 128, 128)
# Editor: verbose=False added, so thop does not print its per-layer registration messages
flops, params = profile(MyNetwork, inputs=(dummy_input,), verbose=False)
raw_flops = flops
flops, params = clever_format([flops, params], "%.3f")
print(flops, params)

# the "flops" thop returns are really multiply-accumulates (MACs): for a conv, output elements × MACs per output; FLOPs ≈ 2 × MACs
macs = 64 * 128 * 128 * 256 * 1 * 1 + 64 * 128 * 128 * 64 * 3 * 3
print(int(raw_flops), macs)
assert int(raw_flops) == macs

# Does the note's claim hold? (the site labels the claim from this)
# the note: thop counts floating-point operations (FLOPs ≈ 2 × MACs)
note_claim_holds = int(raw_flops) == 2 * macs
