import contextlib
import io
import math
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")


def gather_error(index_shape):
    # a.gather(1, index) 报的错（index 的形状为 index_shape）；不报错时为 None
    try:
        a.gather(1, torch.zeros(index_shape, dtype=torch.long))
    except RuntimeError as err:
        return err
    return None


def picked(x, dim, idx):
    # 按公式取出的值：out[p] = x[p 的第 dim 个下标换成 idx[p]]
    coords = [
        torch.arange(n).view([-1 if i == d else 1 for i in range(idx.dim())])
        for d, n in enumerate(idx.shape)
    ]
    coords[dim] = idx
    return x[tuple(coords)]


# 性质检验（hypothesis）：任意维数、形状和 dim 上，gather 报错当且仅当 index 在 dim 以外的某一维
# 比 input 大；不报错时（dim 维可以更长）结果就是按 index 从 input 中取出的值
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None)
@given(data=st.data())
def size_rule(data):
    ndim = data.draw(st.integers(1, 4), "ndim")
    shape = data.draw(st.lists(st.integers(1, 4), min_size=ndim, max_size=ndim), "input shape")
    dim = data.draw(st.integers(-ndim, ndim - 1), "dim")
    # 每一维：不超过 input，或者超过（在 dim 维上超过是允许的）
    index_shape = [
        data.draw(st.integers(1, n) | st.integers(n + 1, n + 3)) for n in shape
    ]
    too_large = any(k > n for d, (k, n) in enumerate(zip(index_shape, shape)) if d != dim % ndim)
    gen = torch.Generator().manual_seed(data.draw(st.integers(0, 2**16)))
    x = torch.randperm(math.prod(shape), generator=gen).view(shape).float()
    idx = torch.randint(0, shape[dim], index_shape, generator=gen)
    try:
        got = x.gather(dim, idx)
    except RuntimeError:
        ok = too_large
    else:
        ok = not too_large and torch.equal(got, picked(x, dim % ndim, idx))
    if not ok:
        failures.append(f"dim={dim}, input {tuple(shape)}, index {tuple(index_shape)}")
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        size_rule()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# dim 维上更长的 index 只会重复选到同一个元素（这里是第 0 列）
repeats = torch.equal(longer_along_dim, a[:, :1].expand(3, 5))
# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    "3x3 input, dim=1: index (3, 5) repeats, (4, 2) raises": "Size does not match at dimension 0"
    in str(lesson_error)
    and repeats,
    "property: 1-4 dims, any dim, index larger or not on each dim": not failures,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：其他维不超过 input 的 index (3, 2)，同样的测量应得 False
note_claim_control = "Size does not match at dimension 0" in str(gather_error((3, 2))) and repeats
# 范围之外：元素个数为 0 的 index 不做尺寸检查，(0, 5) 在 3x3 上 dim=0 也不报错
assert gather_error((0, 5)) is None
