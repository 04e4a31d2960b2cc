import contextlib
import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")

out_false = F.interpolate(src, size=dst_w, mode="linear", align_corners=False)
assert torch.equal(out_default, out_false)  # None 的效果与 False 相同


def keys_cubic(t, a=-0.75):
    # bicubic 的四个权重（Keys 三次卷积，a=-0.75，与 PyTorch 相同）
    def k(d):
        d = abs(d)
        if d <= 1:
            return ((a + 2) * d - (a + 3)) * d * d + 1
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a if d < 2 else 0.0

    return [k(t + 1), k(t), k(1 - t), k(2 - t)]


def formula_matrix(n_src, n_dst, kind):
    # 按笔记的公式 SrcX=(dstX+0.5)*(srcWidth/dstWidth)-0.5 取值的插值矩阵 (n_dst, n_src)
    m = torch.zeros(n_dst, n_src, dtype=torch.float64)
    for d in range(n_dst):
        x = (d + 0.5) * (n_src / n_dst) - 0.5
        if kind == "linear":  # 左边界外截断到 0
            x = max(x, 0.0)
            x0 = min(math.floor(x), n_src - 1)
            m[d, x0] += 1 - (x - x0)
            m[d, min(x0 + 1, n_src - 1)] += x - x0
        else:  # cubic：四个邻居，越界的下标截断到边上
            x0 = math.floor(x)
            for k, w in zip(range(-1, 3), keys_cubic(x - x0), strict=True):
                m[d, min(max(x0 + k, 0), n_src - 1)] += w
    return m


def by_formula(x, out_sizes, kind):
    # 对每个空间维依次按公式插值
    for axis, n_dst in zip(range(2, x.dim()), out_sizes, strict=True):
        m = formula_matrix(x.shape[axis], n_dst, kind)
        x = torch.movedim(torch.movedim(x, axis, -1) @ m.T, -1, axis)
    return x


KIND = {"linear": "linear", "bilinear": "linear", "trilinear": "linear", "bicubic": "cubic"}
DIMS = {"nearest": 1, "nearest-exact": 1, "linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


def follows_formula(mode, n_src, *, size=None, scale_factor=None, dtype=torch.float64, **kw):
    # interpolate 的结果是否等于按公式（用实际的 srcWidth/dstWidth）插值的结果
    if mode.startswith("nearest"):
        # 输入是下标本身，输出就是取到的源像素下标：它离 SrcX 不超过半个像素吗（正好一半时两边都算）?
        ramp = torch.arange(n_src, dtype=dtype).view(1, 1, n_src)
        out = F.interpolate(ramp, size=size, scale_factor=scale_factor, mode=mode, **kw)[0, 0]
        src_x = (torch.arange(len(out), dtype=torch.float64) + 0.5) * (n_src / len(out)) - 0.5
        return bool(((out.double() - src_x).abs() <= 0.5 + 1e-9).all())
    gen = torch.Generator().manual_seed(n_src)
    x = torch.randn((1, 1) + (n_src,) * DIMS[mode], generator=gen, dtype=torch.float64)
    if size is not None:
        out = F.interpolate(x.to(dtype), size=size, mode=mode, **kw)
    else:
        out = F.interpolate(x.to(dtype), scale_factor=scale_factor, mode=mode, **kw)
    expected = by_formula(x, out.shape[2:], KIND[mode])
    tol = 1e-9 if dtype == torch.float64 else 1e-5
    return torch.allclose(out.double(), expected, atol=tol)


# 网格：插值模式 x (size / scale_factor) x（放大 / 缩小）
# scale_factor 取输出尺寸要取整的值：15*1.5=22.5 -> 22, 15*0.5=7.5 -> 7
SPECS = {
    "size, 5->8": dict(n_src=5, size=8),
    "size, 8->5": dict(n_src=8, size=5),
    "scale_factor=1.5, 15->22": dict(n_src=15, scale_factor=1.5),
    "scale_factor=0.5, 15->7": dict(n_src=15, scale_factor=0.5),
}
note_claim_cases = {
    f"mode={mode}, {spec}": follows_formula(mode, **args)
    for mode in DIMS
    for spec, args in SPECS.items()
}
# 输出尺寸不用取整时，1/scale_factor 与 srcWidth/dstWidth 相同
note_claim_cases["mode=linear, scale_factor=2, 5->10"] = follows_formula(
    "linear", 5, scale_factor=2
)
note_claim_cases["mode=linear, scale_factor=1.5, recompute_scale_factor=True"] = follows_formula(
    "linear", 15, scale_factor=1.5, recompute_scale_factor=True
)
note_claim_cases["mode=linear, size, 5->8, float32"] = follows_formula(
    "linear", 5, size=8, dtype=torch.float32
)
note_claim_cases["mode=bilinear, size, 5->8, float32"] = follows_formula(
    "bilinear", 5, size=8, dtype=torch.float32
)


# 性质检验 (hypothesis)：任意尺寸上，公式在哪些情形下成立
def property_run(modes, specs, examples):
    failures = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None)
    @given(
        mode=st.sampled_from(modes),
        spec=st.sampled_from(specs),
        n_src=st.integers(1, 40),
        n_dst=st.integers(1, 40),
    )
    def formula_holds(mode, spec, n_src, n_dst):
        if spec == "size":
            ok = follows_formula(mode, n_src, size=n_dst)
        else:  # scale_factor=n_dst/n_src：输出尺寸不一定是 n_dst
            ok = follows_formula(mode, n_src, scale_factor=n_dst / n_src)
        if not ok:
            failures.append(f"mode={mode}, {spec}, {n_src}->{n_dst}")
        assert ok

    try:
        with contextlib.redirect_stdout(io.StringIO()):
            formula_holds()
    except (AssertionError, ExceptionGroup):
        return failures[-1]  # hypothesis 最后重跑的是缩小后的反例
    return None


# 笔记的说法（默认 align_corners 时按此公式）：所有模式，size 或 scale_factor
stated = property_run(list(DIMS), ["size", "scale_factor"], 200)
# 公式成立的范围：linear 类模式 (linear/bilinear/bicubic/trilinear)，给的是 size
linear_size = property_run(["linear", "bilinear", "bicubic", "trilinear"], ["size"], 200)
note_claim_property = {"examples": 200, "counterexample": stated}
note_claim_cases["property: any mode, size or scale_factor, 1..40 px"] = stated is None
note_claim_cases["property: linear-type mode, size, 1..40 px"] = linear_size is None

# 笔记的说法是否成立（本站据此标注核查结果）：默认 align_corners 时，各种情形都按公式对齐
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量用在公式成立的范围内（linear 类模式，给 size）的情形上
note_claim_control = all(
    follows_formula(mode, **args)
    for mode in ("linear", "bilinear", "bicubic", "trilinear")
    for args in SPECS.values()
    if "size" in args
)
# 测量能区分对齐方式：align_corners=True 不按此公式
assert not follows_formula("linear", 5, size=8, align_corners=True)
assert not follows_formula("bicubic", 5, size=8, align_corners=True)

# 给的是 scale_factor 而不是 size 时，PyTorch 用 1/scale_factor 代替 srcWidth/dstWidth:
# 15 个像素放大 1.5 倍得到 22 个，两者不同，结果也不同（recompute_scale_factor=True 时相同）
src15 = torch.randn(1, 1, 15)
by_size = F.interpolate(src15, size=22, mode="linear")
assert not torch.equal(by_size, F.interpolate(src15, scale_factor=1.5, mode="linear"))
assert torch.equal(
    by_size, F.interpolate(src15, scale_factor=1.5, mode="linear", recompute_scale_factor=True)
)
