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


assert x[0] == 100  # 改 v 就是改 x
assert c[0, 0] == -1 and x[0] == 100  # clone 出的副本与 x 互不影响


def changes_original(op):
    # 对一个新张量做 op 之后，它的形状或数值是否变了
    t = torch.arange(6)
    op(t)
    return t.shape != (6,) or not torch.equal(t, torch.arange(6))


def same_storage(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# 对照：不能 view 的 numpy 数组（转置后不连续），reshape 只能拷贝
n_t = np.arange(6).reshape(2, 3).T
m_t = n_t.reshape(6)



def reshape_views_when_it_can(t, shape):
    # t.reshape(shape) 与 t 共享存储当且仅当 t.view(shape) 能成功，且数值按行优先顺序不变
    res = t.reshape(shape)
    return same_storage(res, t) == views(t, shape) and torch.equal(res.flatten(), t.flatten())


# 性质检验（hypothesis）：随机的张量（连续或经 permute、隔一个取一个、expand 变得不连续）和新形状上，
# reshape 能 view 时就返回视图，不能时才拷贝
reshape_failure = property_run(reshape_views_when_it_can)
note_claims_property = {
    "tensors-reshape-may-not-copy": {"examples": 200, "counterexample": reshape_failure}
}
note_claims_cases = {
    "tensors-reshape-may-not-copy": {
        "arange(6).reshape(3, 2): a view": same_storage(r, x),
        "property: 1-4 dims, permute / step / expand: a view exactly when view works": (
            reshape_failure is None
        ),
    }
}

# 笔记的三条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：torch.view() 会改变原始张量
    "tensors-view-modifies-original": changes_original(lambda t: t.view(2, 3)),
    # reshape 并不保证返回拷贝：这里返回的是视图
    "tensors-reshape-may-not-copy": all(note_claims_cases["tensors-reshape-may-not-copy"].values()),
    # 笔记：numpy 的 reshape 与结果不共享内存
    "tensors-numpy-reshape-copies": not np.shares_memory(n, m),
}
# 对照：同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 通过 view 写入：原张量被改
    "tensors-view-modifies-original": changes_original(lambda t: t.view(2, 3)[0].fill_(100)),
    # 不连续、无法 view 时 reshape 拷贝
    "tensors-reshape-may-not-copy": same_storage(r2, x),
    "tensors-numpy-reshape-copies": not np.shares_memory(n_t, m_t),
}
