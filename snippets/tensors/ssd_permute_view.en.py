import torch
import torch.nn as nn

torch.manual_seed(0)
anchor = 6
# Editor: a small conv standing in for SSD's self.loc_layers[i], and x for the i-th feature map
loc_layer = nn.Conv2d(16, anchor * 4, kernel_size=3, padding=1)
x = torch.randn(2, 16, 5, 5)

y_loc = loc_layer(x)
batch_size = y_loc.size(0)  # int
# here y_loc has shape (batch_size, anchor*4, Hi, Wi); PyTorch's layout is (N, C, H, W)
y_loc = y_loc.permute(0, 2, 3, 1).contiguous()
# here y_loc has shape (batch_size, Hi, Wi, anchor*4)
# move the 4 to the last dim first, then reshape to ##### (batch_size, anchor_all_number, 4) ######, anchor_all_number = total number of anchors
# permute transposes a tensor of any rank. But there is no torch.permute() call, only Tensor.permute().
# view only works on contiguous variables. If transpose, permute etc. come before view, call contiguous() to get a contiguous copy.
y_loc = y_loc.view(batch_size, -1, 4)
print(y_loc.shape)
assert y_loc.shape == (2, 5 * 5 * anchor, 4)

# correction: torch.permute() does exist in torch 2.13 and equals Tensor.permute()
p = torch.permute(loc_layer(x), (0, 2, 3, 1))
assert torch.equal(p, loc_layer(x).permute(0, 2, 3, 1))

# Does the note's claim hold? (the site labels the claim from this)
# the note: there is no torch.permute() call
note_claim_holds = not hasattr(torch, "permute")
