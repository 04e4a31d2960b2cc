import torch
import torch.nn.functional as F

torch.manual_seed(0)
src = torch.randn(1, 1, 5)  # srcWidth = 5
dst_w = 8

out_default = F.interpolate(src, size=dst_w, mode="linear")  # align_corners=None
out_false = F.interpolate(src, size=dst_w, mode="linear", align_corners=False)
assert torch.equal(out_default, out_false)  # None behaves like False

# linear interpolation by hand with SrcX=(dstX+0.5)* (srcWidth/dstWidth) -0.5
src_w = src.shape[-1]
manual = []
for dst_x in range(dst_w):
    x = (dst_x + 0.5) * (src_w / dst_w) - 0.5
    x = max(x, 0.0)  # positions left of the border are clamped to 0
    x0 = min(int(x), src_w - 1)
    x1 = min(x0 + 1, src_w - 1)
    w1 = x - x0
    manual.append((1 - w1) * src[0, 0, x0] + w1 * src[0, 0, x1])
manual = torch.stack(manual)
print(out_default[0, 0])
print(manual)
assert torch.allclose(out_default[0, 0], manual, atol=1e-6)

# align_corners=True aligns the corner pixels instead: SrcX = dstX * (srcWidth-1)/(dstWidth-1), a different result
out_true = F.interpolate(src, size=dst_w, mode="linear", align_corners=True)
print(torch.allclose(out_true, out_default))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = torch.equal(out_default, out_false) and torch.allclose(out_default[0, 0], manual, atol=1e-6)
