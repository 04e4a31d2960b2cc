import torch
import torch.nn as nn


# Editor: in the note the conv8_2 and conv6 lines are a fragment of an SSD model's __init__; a class is added around them here
class SSDPart(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv8_2 = nn.Conv2d(256, 512, kernel_size=3, padding=1, stride=2)  # (batch_size, 512, 38, 38)

        # (H + 2*p - d(ks - 1) - 1) / 2 + 1
        # (38 + 12 - 6*(3 - 1) -1 ) / 2 + 1 = 19.5, rounded down to 19
        self.conv6 = nn.Conv2d(512, 1024, kernel_size=3, padding=6, dilation=6)  # (batch_size, 1024, 19, 19)


m = SSDPart()
with torch.no_grad():
    print(m.conv8_2(torch.zeros(1, 256, 75, 75)).shape)  # (75 + 2 - 2 - 1) / 2 + 1 = 38
    print(m.conv6(torch.zeros(1, 512, 19, 19)).shape)  # stride 1: (19 + 12 - 12 - 1) / 1 + 1 = 19

# the 19.5 in the comment is the stride-2 case: the output size is rounded down to 19
conv_s2 = nn.Conv2d(4, 4, kernel_size=3, padding=6, dilation=6, stride=2)
out = conv_s2(torch.zeros(1, 4, 38, 38))
print(out.shape)
conv_floors = out.shape[-1] == 19 == (38 + 12 - 6 * (3 - 1) - 1) // 2 + 1
assert conv_floors

# max pooling also rounds down by default; ceil_mode=True rounds up
x = torch.zeros(1, 256, 75, 75)
print(nn.MaxPool2d(kernel_size=2, stride=2)(x).shape)  # (batch_size, 256, 37, 37); use ceil_mode=True to get 38*38
print(nn.MaxPool2d(kernel_size=2, stride=2, ceil_mode=True)(x).shape)
assert nn.MaxPool2d(2, 2)(x).shape[-1] == 37 and nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1] == 38

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = conv_floors and nn.MaxPool2d(2, 2)(x).shape[-1] == 37 and nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1] == 38
