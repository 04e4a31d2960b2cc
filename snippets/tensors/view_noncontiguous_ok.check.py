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


def documented_viewable(t, shape):
    # Tensor.view 文档中的条件：新形状的每一维要么在原来的某一维之内，要么跨过的原来的
    # 第 d 到 d+k 维满足 stride[i] = stride[i+1] * size[i+1]（大小为 1 的维不受约束，先去掉）
    old = [(n, s) for n, s in zip(t.shape, t.stride()) if n != 1]
    new = [n for n in shape if n != 1]
    i = j = 0
    while i < len(old):
        first = i
        done_old, done_new = old[i][0], new[j]
        i, j = i + 1, j + 1
        while done_old != done_new:  # 最小的一组：两边的元素个数相等
            if done_old < done_new:
                done_old, i = done_old * old[i][0], i + 1
            else:
                done_new, j = done_new * new[j], j + 1
        if any(old[k][1] != old[k + 1][1] * old[k + 1][0] for k in range(first, i - 1)):
            return False
    return True


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


assert not t.is_contiguous()


def views_noncontiguous(t, shape):
    # 不连续的 t 能否 view 成 shape（不拷贝，共享内存）
    try:
        v = t.view(shape)
    except RuntimeError:
        return False
    return not t.is_contiguous() and v.data_ptr() == t.data_ptr()


# 性质检验（hypothesis）：笔记的说法在随机的张量上成立吗？不连续的张量 view 成另一个形状都报错
stated = property_run(
    lambda t, shape: t.is_contiguous() or shape == tuple(t.shape) or not views(t, shape)
)
# 文档中的 stride 条件：view 成功当且仅当条件成立（连续的和不连续的张量都算）
documented = property_run(lambda t, shape: views(t, shape) == documented_viewable(t, shape))
assert documented is None  # 文档的条件与实际结果一致
note_claim_property = {"examples": 200, "counterexample": stated}

# 笔记的说法，按情形（本站据此标注核查结果）
# 笔记：view 只能用在 contiguous 的张量上
note_claim_cases = {
    "transpose(1, 2) of (2, 3, 4), split a dim -> (2, 2, 2, 3)": not views_noncontiguous(
        t, (2, 2, 2, 3)
    ),
    "property: 1-4 dims, permute / step / expand, any new shape": stated is None,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：把同一个张量拉平（要合并跨 stride 的维度），同样的测量应得 True
note_claim_control = not views_noncontiguous(t, (24,))
