# 默认的 align_corners=None 与 OpenCV 一致（差别只是浮点误差），align_corners=True 则不同
# 上面的循环只留下了最后一个尺寸的差值：两个尺寸（放大和缩小）都重新比一次
OPENCV = {"bilinear": cv2.INTER_LINEAR, "bicubic": cv2.INTER_CUBIC}


def max_diff_to_opencv(size, mode="bilinear", dtype=torch.float32, **kwargs):
    # uint8：同一张图的 0 到 255 灰度版本（OpenCV 最常处理的图像）
    image = (img * 255).round().to(dtype) if dtype == torch.uint8 else img.to(dtype)
    ref = torch.from_numpy(cv2.resize(image[0, 0].numpy(), (size[1], size[0]), interpolation=OPENCV[mode]))
    out = F.interpolate(image, size=size, mode=mode, **kwargs)[0, 0]
    return (out.double() - ref.double()).abs().max().item()


def matches_opencv(size, mode, dtype, **kwargs):
    # 与 OpenCV 一致吗：浮点图差别小于 1e-5；uint8 图最多差 1 个灰度（两边取整的方式不同）
    try:
        diff = max_diff_to_opencv(size, mode, dtype, **kwargs)
    except RuntimeError:  # 不支持这种 dtype 的版本（torch 1.13 的 uint8）：没有结果可比
        return False
    return diff <= 1 if dtype == torch.uint8 else diff < 1e-5


sizes = [(9, 11), (3, 4)]
default_diffs = [max_diff_to_opencv(size) for size in sizes]
corners_diffs = [max_diff_to_opencv(size, align_corners=True) for size in sizes]
assert default_diffs[-1] == d_default and corners_diffs[-1] == d_corners

# 网格：align_corners 起作用的两种模式 x 放大、缩小、整数倍、缩到 1 个像素、宽放大高缩小 x dtype
grid = [
    (mode, size, dtype)
    for mode in OPENCV
    for size in [(9, 11), (3, 4), (12, 14), (2, 2), (1, 1), (9, 3)]
    for dtype in (torch.float32, torch.float64, torch.uint8)
]


def case_name(mode, size, dtype):
    return f"mode={mode}, 6x7 -> {size[0]}x{size[1]}, {str(dtype)[6:]}"


# 笔记的说法是否成立（本站据此标注核查结果）：每种情形下都与 OpenCV 一致
note_claim_cases = {case_name(*case): matches_opencv(case[1], case[0], case[2]) for case in grid}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的网格，只留浮点图：都一致
note_claim_control = all(matches_opencv(size, mode, dtype) for mode, size, dtype in grid if dtype != torch.uint8)
# 同样的网格用在 align_corners=True 上：不一致
assert not any(matches_opencv(size, mode, dtype, align_corners=True) for mode, size, dtype in grid)
# uint8 的 bicubic：PyTorch 先沿宽、再沿高插值，两步之间就取整并截断到 0 到 255，
# bicubic 越过 0 或 255 的部分在第一步就被截掉；OpenCV 只在最后截断一次。逐步模拟 PyTorch 的做法：
gray = (img * 255).round().double()
first = F.interpolate(gray, size=(6, 14), mode="bicubic").round().clamp(0, 255)
two_steps = F.interpolate(first, size=(12, 14), mode="bicubic").round().clamp(0, 255)[0, 0]
ref = torch.from_numpy(cv2.resize(gray[0, 0].to(torch.uint8).numpy(), (14, 12), interpolation=cv2.INTER_CUBIC))
one_step = F.interpolate(gray, size=(12, 14), mode="bicubic").round().clamp(0, 255)[0, 0]
assert (one_step - ref.double()).abs().max() <= 1 and (two_steps - ref.double()).abs().max() > 1
if note_claim_cases["mode=bilinear, 6x7 -> 9x11, uint8"]:  # 支持 uint8 的版本：PyTorch 的结果就是两步的结果
    pytorch_uint8 = F.interpolate(gray.to(torch.uint8), size=(12, 14), mode="bicubic")[0, 0]
    assert (pytorch_uint8.double() - two_steps).abs().max() <= 1
# 网格外：用 scale_factor 时输出尺寸本身就可能不同（6 x 0.6 = 3.6: PyTorch 向下取整为 3, OpenCV 的 fx 取 4）
by_factor = F.interpolate(img, scale_factor=0.6, mode="bilinear").shape[-2:]
assert tuple(by_factor) == (3, 4) and cv2.resize(img[0, 0].numpy(), (0, 0), fx=0.6, fy=0.6).shape == (4, 4)
