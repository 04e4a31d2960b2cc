import contextlib
import io
import itertools
import math
from functools import reduce
from operator import getitem
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")

src_big = torch.randn(2, 3, 4)


def formula_holds(dim, formula_dim):
    # 沿 dim 做 scatter_（index 沿 dim 没有重复位置），结果是否与 formula_dim 那一行公式逐元素一致
    # argsort 沿 dim 得到 0..4 的排列，取前几个：沿 dim 不重复
    idx = torch.rand(5, 5, 5).argsort(dim=dim)[:2, :3, :4]
    res = torch.zeros(5, 5, 5).scatter_(dim, idx, src_big)
    for i, j, k in itertools.product(range(2), range(3), range(4)):
        pos = [i, j, k]
        pos[formula_dim] = idx[i][j][k]
        if res[pos[0]][pos[1]][pos[2]] != src_big[i][j][k]:
            return False
    return True


def size_error(src_):
    # 用 src_ 做一次 scatter_ 是否报错
    try:
        torch.zeros(2, 3, 5).scatter_(2, index, src_)
    except RuntimeError:
        return True
    return False


# 性质检验（hypothesis）：任意维数、形状、dim（含负数）、dtype 和内存布局上
# 一、scatter_ 报错当且仅当 index 在 dim 以外的某一维比 self 大，或在某一维比 src 大；
# 二、不报错时，结果的形状与 self 相同，公式推广到 n 维：self[p 的第 dim 个下标换成 index[p]] = src[p]，
# 其余位置不变（index 沿 dim 有重复位置时，那个位置留下写入它的值之一）
DTYPES = [torch.float32, torch.float64, torch.float16, torch.int64, torch.complex64]
LAYOUTS = ["contiguous", "permuted self", "permuted index", "permuted src"]


def strided(shape, make, permuted):
    # 形状为 shape 的张量；permuted 时由维度倒过来的张量转置而成，不连续
    if not permuted:
        return make(shape)
    return make(shape[::-1]).permute(*reversed(range(len(shape))))


def scatter_follows_rules(self_shape, dim, index_shape, src_shape, dtype, layout, seed):
    gen = torch.Generator().manual_seed(seed)
    d = dim % len(self_shape)
    too_large = any(
        (k > n and i != d) or k > m
        for i, (k, n, m) in enumerate(zip(index_shape, self_shape, src_shape))
    )
    # self 的值都是负数，src 的值都是正数且互不相同：看得出每个位置的值从哪里来
    target = strided(
        self_shape,
        lambda s: -1 - torch.arange(math.prod(s)).view(s).to(dtype),
        layout == "permuted self",
    )
    src = strided(
        src_shape,
        lambda s: 1 + torch.randperm(math.prod(s), generator=gen).view(s).to(dtype),
        layout == "permuted src",
    )
    idx = strided(
        index_shape,
        lambda s: torch.randint(0, self_shape[d], s, generator=gen),
        layout == "permuted index",
    )
    before = target.tolist()
    try:
        res = target.scatter_(dim, idx, src)
    except RuntimeError:
        return too_large
    if too_large or res is not target or tuple(res.shape) != tuple(self_shape):
        return False
    written = {}  # self 中被写入的位置 -> 写入它的 src 值
    positions, values = idx.tolist(), src.tolist()
    for p in itertools.product(*map(range, index_shape)):
        q = list(p)
        q[d] = reduce(getitem, p, positions)
        written.setdefault(tuple(q), []).append(reduce(getitem, p, values))
    after = res.tolist()
    return all(
        reduce(getitem, q, after) in written.get(q, [reduce(getitem, q, before)])
        for q in itertools.product(*map(range, self_shape))
    )


failures = []


@settings(derandomize=True, max_examples=250, database=None, deadline=None)
@given(data=st.data())
def scatter_rules_everywhere(data):
    ndim = data.draw(st.integers(1, 4), "ndim")
    self_shape = data.draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim), "self")
    dim = data.draw(st.integers(-ndim, ndim - 1), "dim")
    # index 在限制之内：dim 维可以比 self 长（重复写同一位置），其他维不超过 self；src 不小于 index
    index_shape = [
        data.draw(st.integers(1, 5)) if i == dim % ndim else data.draw(st.integers(1, n))
        for i, n in enumerate(self_shape)
    ]
    src_shape = [k + data.draw(st.integers(0, 2)) for k in index_shape]
    # 一半的例子超出一个限制：index 在 dim 以外的一维比 self 大，或 src 在一维比 index 小
    broken = data.draw(st.sampled_from([None, "index > self", "src < index", None]), "broken")
    at = data.draw(st.integers(0, ndim - 1), "at")
    if broken == "index > self" and at != dim % ndim:
        index_shape[at] = self_shape[at] + data.draw(st.integers(1, 2))
        src_shape[at] = max(src_shape[at], index_shape[at])
    elif broken == "src < index":
        index_shape[at] = max(index_shape[at], 2)
        src_shape[at] = index_shape[at] - 1
    dtype = data.draw(st.sampled_from(DTYPES))
    layout = data.draw(st.sampled_from(LAYOUTS))
    seed = data.draw(st.integers(0, 2**16))
    args = (self_shape, dim, index_shape, src_shape, dtype, layout, seed)
    if not scatter_follows_rules(*args):
        failures.append(
            f"dim={dim}, self {tuple(self_shape)} {str(dtype).removeprefix('torch.')}, "
            f"index {tuple(index_shape)}, src {tuple(src_shape)}, {layout}"
        )
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        scatter_rules_everywhere()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 250, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    f"dim={dim}, self (5, 5, 5), index (2, 3, 4) without repeats": formula_holds(dim, dim)
    for dim in range(3)
}
note_claim_cases["index (2, 3, 4) larger than src (2, 3, 2): raises"] = size_error(
    torch.randn(2, 3, 2)
)
note_claim_cases["output (2, 3, 5), the size of self"] = out.shape == (2, 3, 5)
note_claim_cases["property: 1-4 dims, any dim, 5 dtypes, permuted layouts, limits kept or broken"] = (
    not failures
)
note_claim_holds = all(note_claim_cases.values())
# 对照：用另一个 dim 的公式核对，且 src 不比 index 小：同样的测量应得 False
note_claim_control = (
    all(formula_holds(dim, (dim + 1) % 3) for dim in range(3))
    and size_error(torch.randn(2, 3, 4))
    and out.shape == (2, 3, 5)
)
