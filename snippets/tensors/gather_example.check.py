import contextlib
import io
import math
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")

# 笔记注释里的结果
assert torch.equal(out, torch.tensor([[2., 2., 2., 2., 2.],
                                      [6., 4., 5., 6., 4.],
                                      [8., 9., 7., 7., 9.]]))


def same_as_method(result):
    # 结果的 size 与 index 一致，且与 a.gather(dim=1, index=index) 相同
    return result.shape == index.shape and torch.equal(result, a.gather(dim=1, index=index))


# 性质检验（hypothesis）：任意维数、形状、dim（含负数）和 dtype 上，torch.gather(input=x, ...)
# 的结果形状与 index 相同，且与 x.gather(...) 相同
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None)
@given(data=st.data())
def size_of_index(data):
    ndim = data.draw(st.integers(1, 4), "ndim")
    shape = data.draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim), "input shape")
    dim = data.draw(st.integers(-ndim, ndim - 1), "dim")
    # index 的形状：dim 维可以比 input 长，其他维不超过 input
    index_shape = [
        data.draw(st.integers(1, 5)) if d == dim % ndim else data.draw(st.integers(1, n))
        for d, n in enumerate(shape)
    ]
    dtype = data.draw(st.sampled_from([torch.float32, torch.float64, torch.int64, torch.bool]))
    gen = torch.Generator().manual_seed(data.draw(st.integers(0, 2**16)))
    x = torch.randperm(math.prod(shape), generator=gen).view(shape).to(dtype)
    idx = torch.randint(0, shape[dim], index_shape, generator=gen)
    res = torch.gather(input=x, dim=dim, index=idx)
    if res.shape != idx.shape or not torch.equal(res, x.gather(dim=dim, index=idx)):
        failures.append(
            f"dim={dim}, input {tuple(shape)} {str(dtype).removeprefix('torch.')}, "
            f"index {tuple(index_shape)}"
        )
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        size_of_index()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    "the note's example: 3x3 input, dim=1, index 3x5": same_as_method(
        torch.gather(input=a, dim=1, index=index)
    ),
    "property: 1-4 dims, any dim, 4 dtypes": not failures,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：index_select 按 index 的第一行取列，不是 gather：同样的测量应得 False
note_claim_control = same_as_method(torch.index_select(a, 1, index[0]))
