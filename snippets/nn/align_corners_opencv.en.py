import cv2
import torch
import torch.nn.functional as F

torch.manual_seed(0)
img = torch.rand(1, 1, 6, 7)  # (N, C, H, W): one 6x7 single-channel image

for size in [(9, 11), (3, 4)]:  # enlarge and shrink
    # OpenCV's bilinear resize (dsize is (width, height))
    ref = torch.from_numpy(cv2.resize(img[0, 0].numpy(), (size[1], size[0]),
                                      interpolation=cv2.INTER_LINEAR))
    default = F.interpolate(img, size=size, mode="bilinear")[0, 0]  # align_corners=None
    corners = F.interpolate(img, size=size, mode="bilinear", align_corners=True)[0, 0]
    d_default = (default - ref).abs().max().item()
    d_corners = (corners - ref).abs().max().item()
    print(f"{size}: max |interpolate - cv2.resize|: default < 1e-5 {d_default < 1e-5}, "
          f"align_corners=True {d_corners:.2f}")

# the default align_corners=None matches OpenCV (up to float rounding); align_corners=True does not
same_as_opencv = d_default < 1e-5
assert same_as_opencv and d_corners > 0.1

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = same_as_opencv
