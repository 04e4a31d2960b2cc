import torch
import torch.nn as nn

torch.manual_seed(0)
# with kernel_size=1, 1D/2D/3D convolutions all apply the same linear map to the channels at every position (like nn.Linear);
# they differ only in how many spatial dims the input has: (N, C, L) / (N, C, H, W) / (N, C, D, H, W)
lin = nn.Linear(8, 4)
conv1 = nn.Conv1d(8, 4, kernel_size=1)
conv2 = nn.Conv2d(8, 4, kernel_size=1)
conv3 = nn.Conv3d(8, 4, kernel_size=1)
for conv in (conv1, conv2, conv3):
    conv.weight.data.copy_(lin.weight.data.view(conv.weight.shape))  # share one set of weights
    conv.bias.data.copy_(lin.bias.data)

x = torch.randn(2, 8, 3, 5, 7)  # (N, C, D, H, W)
ref = lin(x.movedim(1, -1)).movedim(-1, 1)  # Linear applied to the channel vector at each position
out3 = conv3(x)
out2 = conv2(x.flatten(2, 3))  # merge D and H into one spatial dim
out1 = conv1(x.flatten(2))  # merge all spatial dims
print(out1.shape, out2.shape, out3.shape)
assert torch.allclose(out3, ref, atol=1e-6)
assert torch.allclose(out2, ref.flatten(2, 3), atol=1e-6)
assert torch.allclose(out1, ref.flatten(2), atol=1e-6)
