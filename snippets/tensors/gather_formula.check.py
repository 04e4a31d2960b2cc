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


def formula_holds(dim, formula_dim):
    # gather 沿 dim 的结果是否与 formula_dim 那一行公式逐元素一致
    return torch.equal(torch.gather(inp, dim, index), by_formula(inp, index, formula_dim))


# 性质检验（hypothesis）：把公式推广到 n 维，out[p] = input[p 的第 dim 个下标换成 index[p]]，
# 在任意维数、形状、dim（含负数）、dtype 和内存布局上核对
DTYPES = [torch.float32, torch.float64, torch.float16, torch.int64, torch.int32, torch.complex64]
LAYOUTS = ["contiguous", "permuted input", "permuted index"]


def strided(shape, make, permuted):
    # 形状为 shape 的张量；permuted 时由维度倒过来的张量转置而成，不连续
    if not permuted:
        return make(shape)
    return make(shape[::-1]).permute(*reversed(range(len(shape))))


def gather_follows_formula(shape, dim, index_shape, dtype, layout, seed):
    gen = torch.Generator().manual_seed(seed)
    d = dim % len(shape)
    # input 的各元素互不相同：取错位置就会取到别的值
    src = strided(
        shape,
        lambda s: torch.randperm(math.prod(s), generator=gen).view(s).to(dtype),
        layout == "permuted input",
    )
    idx = strided(
        index_shape,
        lambda s: torch.randint(0, shape[d], s, generator=gen),
        layout == "permuted index",
    )
    got = torch.gather(src, dim, idx)
    if tuple(got.shape) != tuple(index_shape):
        return False
    values, positions, results = src.tolist(), idx.tolist(), got.tolist()
    for p in itertools.product(*map(range, index_shape)):
        q = list(p)
        q[d] = reduce(getitem, p, positions)
        if reduce(getitem, p, results) != reduce(getitem, q, values):
            return False
    return True


failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None)
@given(data=st.data())
def gather_formula_everywhere(data):
    ndim = data.draw(st.integers(1, 4), "ndim")
    shape = data.draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim), "input shape")
    dim = data.draw(st.integers(-ndim, ndim - 1), "dim")
    # index 的形状：dim 维可以比 input 长，其他维不超过 input（可以更小）
    index_shape = [
        data.draw(st.integers(1, 5)) if d == dim % ndim else data.draw(st.integers(1, n))
        for d, n in enumerate(shape)
    ]
    dtype = data.draw(st.sampled_from(DTYPES))
    layout = data.draw(st.sampled_from(LAYOUTS))
    seed = data.draw(st.integers(0, 2**16))
    if not gather_follows_formula(shape, dim, index_shape, dtype, layout, seed):
        failures.append(
            f"dim={dim}, input {tuple(shape)} {str(dtype).removeprefix('torch.')}, "
            f"index {tuple(index_shape)}, {layout}"
        )
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        gather_formula_everywhere()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    f"dim={dim}, input (3, 4, 5), index (2, 3, 4)": formula_holds(dim, dim) for dim in range(3)
}
note_claim_cases["property: 1-4 dims, any dim, 6 dtypes, permuted layouts"] = not failures
note_claim_holds = all(note_claim_cases.values())
# 对照：用另一个 dim 的公式核对，同样的测量应得 False
note_claim_control = all(formula_holds(dim, (dim + 1) % 3) for dim in range(3))
