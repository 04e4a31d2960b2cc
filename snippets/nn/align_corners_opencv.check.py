# 默认的 align_corners=None 与 OpenCV 一致 (差别只是浮点误差), align_corners=True 则不同
# 上面的循环只留下了最后一个尺寸的差值：两个尺寸（放大和缩小）都重新比一次
OPENCV = {"bilinear": cv2.INTER_LINEAR, "bicubic": cv2.INTER_CUBIC}


def max_diff_to_opencv(size, mode="bilinear", dtype=torch.float32, **kwargs):
    image = img.to(dtype)
    ref = torch.from_numpy(cv2.resize(image[0, 0].numpy(), (size[1], size[0]), interpolation=OPENCV[mode]))
    return (F.interpolate(image, size=size, mode=mode, **kwargs)[0, 0] - ref).abs().max().item()


sizes = [(9, 11), (3, 4)]
default_diffs = [max_diff_to_opencv(size) for size in sizes]
corners_diffs = [max_diff_to_opencv(size, align_corners=True) for size in sizes]
assert default_diffs[-1] == d_default and corners_diffs[-1] == d_corners

# 网格：align_corners 起作用的两种模式 x 放大、缩小、整数倍、缩到 1 个像素、宽放大高缩小 x dtype
grid = [
    (mode, size, dtype)
    for mode in OPENCV
    for size in [(9, 11), (3, 4), (12, 14), (2, 2), (1, 1), (9, 3)]
    for dtype in (torch.float32, torch.float64)
]


def case_name(mode, size, dtype):
    return f"mode={mode}, 6x7 -> {size[0]}x{size[1]}, {str(dtype)[6:]}"


# 笔记的说法是否成立（本站据此标注核查结果）：每种情形下都与 OpenCV 一致（差别小于 1e-5）
note_claim_cases = {case_name(*case): max_diff_to_opencv(case[1], case[0], case[2]) < 1e-5 for case in grid}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的网格，同样的比较用在 align_corners=True 上
note_claim_control = all(max_diff_to_opencv(size, mode, dtype, align_corners=True) < 1e-5 for mode, size, dtype in grid)
# 网格外：用 scale_factor 时输出尺寸本身就可能不同（6 x 0.6 = 3.6: PyTorch 向下取整为 3, OpenCV 的 fx 取 4）
by_factor = F.interpolate(img, scale_factor=0.6, mode="bilinear").shape[-2:]
assert tuple(by_factor) == (3, 4) and cv2.resize(img[0, 0].numpy(), (0, 0), fx=0.6, fy=0.6).shape == (4, 4)
