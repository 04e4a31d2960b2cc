import torch.nn.functional as F


def size_equals_scale_factor(x, scale):
    # size 取 scale 倍 (向下取整) 与 scale_factor=scale 的 bicubic 结果逐元素相等吗?
    size = tuple(int(n * scale) for n in x.shape[-2:])
    return bool((F.interpolate(x, size=size, mode="bicubic") == F.interpolate(x, scale_factor=scale, mode="bicubic")).all())


# 只要 size 恰好是输入的 scale 倍, 两种写法用的是同一个缩放比例: 换一个形状也相等
assert size_equals_scale_factor(torch.randn(1, 3, 13, 7), 4)
assert hmps1.shape == (2, 17, 64, 64) and up.shape == (17, 64, 64)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = bool(t) and size_equals_scale_factor(hmps, 4)
# 对照: 同样的比较, 但 15 个像素放大 1.5 倍不是整数 (size 取 22): 两种写法的缩放比例不同
note_claim_control = size_equals_scale_factor(torch.randn(1, 3, 15, 15), 1.5)
