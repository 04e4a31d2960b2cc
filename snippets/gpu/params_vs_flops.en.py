import torch
from torch.utils.flop_counter import FlopCounterMode

def count(module, x):
    params = sum(p.numel() for p in module.parameters())
    with FlopCounterMode(display=False) as counter:
        module(x)
    return params, counter.get_total_flops()

# fc: many parameters, little computation
fc = torch.nn.Linear(4096, 4096)
fc_params, fc_flops = count(fc, torch.randn(1, 4096))
# conv: few parameters, a lot of computation (the same kernel is applied at every spatial position)
conv = torch.nn.Conv2d(64, 64, 3, padding=1)
conv_params, conv_flops = count(conv, torch.randn(1, 64, 56, 56))

print(f"fc:   params {fc_params:>10,}  FLOPs {fc_flops:>14,}")
print(f"conv: params {conv_params:>10,}  FLOPs {conv_flops:>14,}")
assert fc_params > conv_params and fc_flops < conv_flops

# MobileNet's depthwise separable convolution = per-channel 3x3 conv + 1x1 conv
standard = torch.nn.Conv2d(64, 128, 3, padding=1, bias=False)
separable = torch.nn.Sequential(
    torch.nn.Conv2d(64, 64, 3, padding=1, groups=64, bias=False),  # depthwise
    torch.nn.Conv2d(64, 128, 1, bias=False),                        # pointwise
)
x = torch.randn(1, 64, 56, 56)
s_params, s_flops = count(standard, x)
d_params, d_flops = count(separable, x)
print(f"standard 3x3:        params {s_params:>8,}  FLOPs {s_flops:>14,}")
print(f"depthwise separable: params {d_params:>8,}  FLOPs {d_flops:>14,}")
# both parameters and computation shrink (to about 1/8): it does not trade more parameters for less computation
assert d_params < s_params and d_flops < s_flops

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "gpu-params-vs-flops": fc_params > conv_params and fc_flops < conv_flops,
    # the note: MobileNet trades more parameters for less computation
    "gpu-mobilenet-params": d_params > s_params and d_flops < s_flops,
}
