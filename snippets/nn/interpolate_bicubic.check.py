import contextlib
import io
from pathlib import Path

import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")


def size_equals_scale_factor(x, scale):
    # size 取 scale 倍（向下取整）与 scale_factor=scale 的 bicubic 结果逐元素相等吗？
    size = tuple(int(n * scale) for n in x.shape[-2:])
    return bool((F.interpolate(x, size=size, mode="bicubic") == F.interpolate(x, scale_factor=scale, mode="bicubic")).all())


assert hmps1.shape == (2, 17, 64, 64) and up.shape == (17, 64, 64)


# 性质检验（hypothesis）：size 恰好是输入的整数倍时，size 与 scale_factor 两种写法的结果相同吗？
# 在各种插值模式、1 到 3 个空间维、每维 1 到 10 个像素、2 到 5 的整数倍（每维可以不同）、
# float32/float64、align_corners、antialias 和 recompute_scale_factor 上找反例
SPATIAL = {
    "nearest": [1, 2, 3],
    "nearest-exact": [1, 2, 3],
    "area": [1, 2, 3],
    "linear": [1],
    "bilinear": [2],
    "bicubic": [2],
    "trilinear": [3],
}
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None)
@given(data=st.data())
def same_either_way(data):
    mode = data.draw(st.sampled_from(list(SPATIAL)), "mode")
    dims = data.draw(st.sampled_from(SPATIAL[mode]), "spatial dims")
    sizes = data.draw(st.lists(st.integers(1, 10), min_size=dims, max_size=dims), "sizes")
    factors = data.draw(st.lists(st.integers(2, 5), min_size=dims, max_size=dims), "factors")
    kw = {"mode": mode}
    if mode in ("linear", "bilinear", "bicubic", "trilinear"):
        kw["align_corners"] = data.draw(st.sampled_from([None, True]), "align_corners")
    if mode in ("bilinear", "bicubic"):
        kw["antialias"] = data.draw(st.booleans(), "antialias")
    recompute = data.draw(st.sampled_from([None, True]), "recompute_scale_factor")
    dtype = data.draw(st.sampled_from([torch.float32, torch.float64]), "dtype")
    gen = torch.Generator().manual_seed(data.draw(st.integers(0, 2**16)))
    x = torch.randn([2, 3, *sizes], generator=gen, dtype=dtype)
    by_size = F.interpolate(x, size=[n * k for n, k in zip(sizes, factors)], **kw)
    by_factor = F.interpolate(x, scale_factor=factors, recompute_scale_factor=recompute, **kw)
    if by_size.shape != by_factor.shape or not torch.equal(by_size, by_factor):
        failures.append(
            f"{kw}, {str(dtype).removeprefix('torch.')}, {tuple(sizes)} x {tuple(factors)}, "
            f"recompute_scale_factor={recompute}"
        )
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        same_either_way()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    "bicubic, 16x16 -> 64x64 (the note's)": bool(t) and size_equals_scale_factor(hmps, 4),
    "bicubic, 13x7 -> 52x28": size_equals_scale_factor(torch.randn(1, 3, 13, 7), 4),
    "property: 7 modes, 1-3 dims, 1-10 px, whole factors 2-5": not failures,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的比较，但 15 个像素放大 1.5 倍不是整数（size 取 22）：两种写法的缩放比例不同
note_claim_control = size_equals_scale_factor(torch.randn(1, 3, 15, 15), 1.5)
