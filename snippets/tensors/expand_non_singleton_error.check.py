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


# expand 也能在前面新增维度
assert x.expand(5, 2, 3).shape == (5, 2, 3)


def expand_error(t, *sizes):
    # t.expand(*sizes) 报的错；不报错时为 None
    try:
        t.expand(*sizes)
    except RuntimeError as err:
        return err
    return None


def follows_rule(shape, new_dims, targets):
    # t.expand(*sizes) 成功当且仅当原来的每一维：目标为 -1、与原大小相同，或原大小为 1；
    # 前面新增的维不能是 -1。成功时 -1 保持原大小，扩展出的维 stride 为 0，与原张量共享存储
    t = torch.zeros(shape)
    sizes = (*new_dims, *targets)
    allowed = all(k == -1 or k == n or n == 1 for k, n in zip(targets, shape)) and all(
        k >= 0 for k in new_dims
    )
    if expand_error(t, *sizes) is not None:
        return not allowed
    e = t.expand(*sizes)
    want = (*new_dims, *(n if k == -1 else k for k, n in zip(targets, shape)))
    grown = [i for i, (k, n) in enumerate(zip(targets, shape)) if k not in (-1, n) and k > 1]
    return (
        allowed
        and tuple(e.shape) == want
        and (e.numel() == 0 or e.data_ptr() == t.data_ptr())  # 没有元素的张量不指向数据
        and all(e.stride(len(new_dims) + i) == 0 for i in grown)
    )


# 性质检验（hypothesis）：随机的形状（1 到 3 维，每维 0 到 3）、前面新增 0 到 2 维、每一维随机的目标大小（含 -1）
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None, phases=SEARCH)
@given(
    shape=st.lists(st.integers(0, 3), min_size=1, max_size=3),
    new_dims=st.lists(st.integers(-1, 3), max_size=2),
    data=st.data(),
)
def expand_rule(shape, new_dims, data):
    targets = [data.draw(st.sampled_from([-1, n, 0, 1, 2, 4])) for n in shape]
    if not follows_rule(shape, new_dims, targets):
        failures.append(f"zeros{tuple(shape)}.expand{(*new_dims, *targets)}")
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        expand_rule()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
note_claim_cases = {
    "zeros(2, 3).expand(4, 3) raises, expand(-1, 3) keeps (2, 3)": (
        isinstance(lesson_error, RuntimeError)
        and "non-singleton dimension 0" in str(lesson_error)
        and x.expand(-1, 3).shape == (2, 3)
    ),
    "property: 1-3 dims of 0-3, 0-2 new leading dims, targets with -1": not failures,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样把第 0 维扩展到 4，但这一维大小为 1：同样的测量应得 False
one = torch.zeros(1, 3)
control_error = expand_error(one, 4, 3)
note_claim_control = (
    isinstance(control_error, RuntimeError)
    and "non-singleton dimension 0" in str(control_error)
    and one.expand(-1, 3).shape == (1, 3)
)
