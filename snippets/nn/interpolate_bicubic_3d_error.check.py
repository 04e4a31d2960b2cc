import contextlib
import io
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")
# 不跑 explain 阶段（它只为打印反例说明多跑许多次）
SEARCH = [Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink]


# 5-D 输入同样地调用；对照：同一个张量先 unsqueeze(0) 成 4-D，同样地调用
def bicubic_error(t):
    try:
        F.interpolate(t, scale_factor=4, mode="bicubic")
    except NotImplementedError as err:
        return err
    return None


error_5d = bicubic_error(hmp.unsqueeze(0).unsqueeze(0))
error_4d = bicubic_error(hmp.unsqueeze(0))
assert isinstance(lesson_error, NotImplementedError)

# 性质检验（hypothesis）：1 到 6 维的输入（每维 1 到 4）、给 size 或 scale_factor、align_corners、antialias 上，
# bicubic 成功当且仅当输入是 4-D，成功时 N 和 C 不变、最后两维缩放到 size（或乘 scale_factor 向下取整）
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None, phases=SEARCH)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=6),
    by_size=st.booleans(),
    factor=st.sampled_from([0.5, 1.5, 2, 3]),
    align_corners=st.sampled_from([None, True]),
    antialias=st.booleans(),
)
def only_4d(shape, by_size, factor, align_corners, antialias):
    x = torch.zeros(shape)
    out_hw = [max(1, int(n * factor)) for n in shape[-2:]]
    kw = dict(mode="bicubic", align_corners=align_corners, antialias=antialias)
    if any(int(n * factor) < 1 for n in shape[-2:]):
        by_size = True  # scale_factor 会得到大小为 0 的输出：改给 size
    try:
        if by_size:
            out = F.interpolate(x, size=out_hw if len(shape) > 2 else 2, **kw)
        else:
            out = F.interpolate(x, scale_factor=factor, **kw)
    except (NotImplementedError, ValueError, RuntimeError):
        ok = len(shape) != 4
    else:
        ok = len(shape) == 4 and tuple(out.shape) == (*shape[:2], *out_hw)
    if not ok:
        how = f"size={out_hw}" if by_size else f"scale_factor={factor}"
        failures.append(f"input {tuple(shape)}, {how}, align_corners={align_corners}, antialias={antialias}")
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        only_4d()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}



def only_4d_works(dtype):
    # 这种 dtype 的图：3-D 报错，unsqueeze(0) 成 4-D 之后可以，N 和 C 不变、最后两维放大 4 倍吗？
    image = torch.zeros(3, 5, 6, dtype=dtype)
    if bicubic_error(image) is None:
        return False
    try:
        out = F.interpolate(image.unsqueeze(0), scale_factor=4, mode="bicubic")
    except (NotImplementedError, RuntimeError):  # 这个版本不支持这种 dtype 的 bicubic
        return False
    return tuple(out.shape) == (1, 3, 20, 24)


IMAGE_DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.uint8]
dtype_cases = {
    f"{str(dtype)[6:]}: 3-D raises, 4-D after unsqueeze(0) works": only_4d_works(dtype) for dtype in IMAGE_DTYPES
}

# 笔记的说法，按情形（本站据此标注核查结果）：3-D 和 5-D 都报错
note_claim_cases = {
    "3-D (17, 16, 16), scale_factor=4: raises": "got 3D" in str(lesson_error)
    and "got bicubic" in str(lesson_error),
    "5-D (1, 1, 17, 16, 16), scale_factor=4: raises": "got 5D" in str(error_5d or ""),
    "property: 1-6 dims, size or scale_factor, align_corners, antialias": not failures,
} | dtype_cases


def raises_in_4d(dtype):
    try:
        F.interpolate(torch.zeros(1, 3, 5, 6, dtype=dtype), scale_factor=4, mode="bicubic")
    except (NotImplementedError, RuntimeError):
        return True
    return False


# 网格外：整数和复数张量即使是 4-D 也报错（bicubic 只为浮点和 uint8 实现）
assert raises_in_4d(torch.int64) and raises_in_4d(torch.complex64)
note_claim_holds = all(note_claim_cases.values())
note_claim_control = "got 4D" in str(error_4d or "")
