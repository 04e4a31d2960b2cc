import contextlib
import io
import math
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")
# 不跑 explain 阶段（它只为打印反例说明多跑许多次）
SEARCH = [Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink]


@st.composite
def strided_tensors(draw):
    # 1 到 4 维、每维 1 到 4 的张量，经 permute、隔一个取一个、expand 变得不连续（或仍然连续）；
    # 返回张量和生成它的代码
    ndim = draw(st.integers(1, 4))
    base = draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim))
    t, code = torch.arange(math.prod(base)).view(base), f"torch.arange({math.prod(base)}).view{tuple(base)}"
    perm = draw(st.permutations(range(ndim)))
    if perm != list(range(ndim)):
        t, code = t.permute(*perm), code + f".permute{tuple(perm)}"
    step = draw(st.sampled_from([None, *range(ndim)]))
    if step is not None and t.shape[step] > 1:
        t = t[(slice(None),) * step + (slice(None, None, 2),)]
        code += "[" + ":, " * step + "::2]"
    grown = [n if n > 1 else draw(st.sampled_from([1, 2, 3])) for n in t.shape]
    if grown != list(t.shape):
        t, code = t.expand(grown), code + f".expand{tuple(grown)}"
    return t, code


@st.composite
def shapes_of(draw, numel):
    # numel 个元素能组成的形状：依次取 numel 的因数，可以插入大小为 1 的维
    dims, rest = [], numel
    while rest > 1 and len(dims) < 3:
        k = draw(st.sampled_from([k for k in range(2, rest + 1) if rest % k == 0]))
        dims.append(k)
        rest //= k
    if rest > 1:
        dims.append(rest)
    if draw(st.booleans()):
        dims.insert(draw(st.integers(0, len(dims))), 1)
    return tuple(dims)


def views(t, shape):
    # t.view(shape) 能否成功
    try:
        t.view(shape)
    except RuntimeError:
        return False
    return True


def property_run(holds, examples=200):
    # hypothesis 在随机的张量和新形状上找 holds(t, shape) 不成立的例子；返回缩小后的反例
    failures = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None, phases=SEARCH)
    @given(data=st.data())
    def search(data):
        t, code = data.draw(strided_tensors(), "tensor")
        shape = data.draw(shapes_of(t.numel()), "shape")
        if not holds(t, shape):
            failures.append(f"{code} (shape {tuple(t.shape)}, stride {t.stride()}) -> {shape}")
            raise AssertionError

    try:
        with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
            search()
    except (AssertionError, ExceptionGroup):
        return failures[-1]  # hypothesis 最后重跑的是缩小后的反例
    return None


assert y.squeeze().shape == (2, 3) and y.squeeze(0).shape == (2, 1, 3)
assert not p.is_contiguous() and not t.is_contiguous()


def all_share(cases):
    # 每个（函数，原张量）：结果是否都与原张量共享存储
    return all(shares(f(src), src) for f, src in cases)


# 表中"不拷贝数据"的函数
view_cases = [
    (lambda v: v.view(3, 2), x),
    (lambda v: v.unsqueeze(0), x),
    (lambda v: v.squeeze(), y),
    (lambda v: v[:1].expand(4, 3), x),
    (lambda v: v[:1].expand_as(torch.empty(4, 3)), x),
    (lambda v: v.transpose(0, 1), x),
    (lambda v: v.permute(1, 0), x),
    (lambda v: v.detach(), x),
]
# 连续、转置、expand 出来的张量
sources = [x, p, x[:1].expand(4, 3)]


def always_copies(f):
    # f 在每种张量上都分配了新的存储
    return all(not shares(f(src), src) for src in sources)




@st.composite
def shape_function_calls(draw, t):
    # 表中的一个函数和随机的参数：返回（调用的代码，函数）
    ndim = t.dim()
    name = draw(st.sampled_from(
        ["view", "unsqueeze", "squeeze", "squeeze(dim)", "expand", "expand_as", "transpose", "permute", "detach"]
    ))
    if name == "view":
        shape = draw(shapes_of(t.numel()))
        return f"view{shape}", lambda v: v.view(shape)
    if name == "unsqueeze":
        d = draw(st.integers(-ndim - 1, ndim))
        return f"unsqueeze({d})", lambda v: v.unsqueeze(d)
    if name == "squeeze":
        return "squeeze()", lambda v: v.squeeze()
    if name == "squeeze(dim)":
        d = draw(st.integers(-ndim, ndim - 1))
        return f"squeeze({d})", lambda v: v.squeeze(d)
    if name in ("expand", "expand_as"):
        # 大小为 1 的维扩展成 2 或 3，前面还可以再加一维
        shape = tuple(
            [draw(st.integers(1, 2))] * draw(st.integers(0, 1))
            + [n if n > 1 else draw(st.integers(1, 3)) for n in t.shape]
        )
        if name == "expand":
            return f"expand{shape}", lambda v: v.expand(shape)
        return f"expand_as(torch.empty{shape})", lambda v: v.expand_as(torch.empty(shape))
    if name == "transpose":
        a, b = draw(st.integers(-ndim, ndim - 1)), draw(st.integers(-ndim, ndim - 1))
        return f"transpose({a}, {b})", lambda v: v.transpose(a, b)
    if name == "permute":
        perm = tuple(draw(st.permutations(range(ndim))))
        return f"permute{perm}", lambda v: v.permute(*perm)
    return "detach()", lambda v: v.detach()


def shape_functions_run(examples=200):
    # hypothesis：随机的张量上调用表中的函数，结果是否都与原张量共享存储（view 报错时不算拷贝）
    failures = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None, phases=SEARCH)
    @given(data=st.data())
    def search(data):
        t, code = data.draw(strided_tensors(), "tensor")
        call, f = data.draw(shape_function_calls(t), "call")
        try:
            res = f(t)
        except RuntimeError:
            assert call.startswith("view")  # 只有 stride 不兼容的 view 会报错
            return
        if not shares(res, t):
            failures.append(f"{code}.{call}")
            raise AssertionError

    try:
        with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
            search()
    except (AssertionError, ExceptionGroup):
        return failures[-1] if failures else "an error other than view's"
    return None


# 性质检验（hypothesis）：随机的张量（连续或经 permute、隔一个取一个、expand 变得不连续）上
views_failure = shape_functions_run()
# 笔记：不连续时 reshape 会复制数据
reshape_failure = property_run(
    lambda t, shape: t.is_contiguous() or shape == t.shape or not shares(t.reshape(shape), t),
    examples=150,
)


def copies_only_if_needed(t, shape):
    # contiguous() 只在不连续时拷贝（连续时返回自身），clone() 总是拷贝
    same = t.contiguous() is t
    return same == t.is_contiguous() == shares(t.contiguous(), t) and not shares(t.clone(), t)


contiguous_failure = property_run(copies_only_if_needed, examples=100)
note_claims_property = {
    "tensors-shape-functions-views": {"examples": 200, "counterexample": views_failure},
    "tensors-reshape-copies-if-noncontiguous": {"examples": 150, "counterexample": reshape_failure},
    "tensors-contiguous-clone-copy": {"examples": 100, "counterexample": contiguous_failure},
}
PROPERTY_SCOPE = "property: 1-4 dims, permute / step / expand"
note_claims_cases = {
    "tensors-shape-functions-views": {
        "the eight functions on a 2x3 tensor": all_share(view_cases),
        PROPERTY_SCOPE + ", random arguments": views_failure is None,
    },
    "tensors-reshape-copies-if-noncontiguous": {
        "transpose(1, 2) of (2, 3, 4) -> (2, 2, 2, 3)": not shares(r, t),
        PROPERTY_SCOPE + ", any new shape": reshape_failure is None,
    },
    "tensors-contiguous-clone-copy": {
        "contiguous, permuted and expanded 2x3": x.contiguous() is x
        and not shares(p.contiguous(), x)
        and always_copies(lambda v: v.clone()),
        PROPERTY_SCOPE: contiguous_failure is None,
    },
}
# 笔记的三条说法是否成立（本站据此标注核查结果）
note_claims_hold = {claim: all(cases.values()) for claim, cases in note_claims_cases.items()}
# 对照：同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 加上 clone：它拷贝数据
    "tensors-shape-functions-views": all_share(view_cases + [(lambda v: v.clone(), x)]),
    # 不连续且 stride 不兼容（拉平转置后的张量）：reshape 只能拷贝
    "tensors-reshape-copies-if-noncontiguous": not shares(p.reshape(6), x),
    # 把"总是拷贝"的测量用在 contiguous() 上：已连续时它不拷贝
    "tensors-contiguous-clone-copy": x.contiguous() is x
    and not shares(p.contiguous(), x)
    and always_copies(lambda v: v.contiguous()),
}
