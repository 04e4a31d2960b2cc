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


def product_shape(op, s1, s2):
    # 两个形状的张量做 op 得到的形状；报错时为 None
    try:
        return tuple(op(torch.ones(s1), torch.ones(s2)).shape)
    except RuntimeError:
        return None


def broadcast_of(s1, s2):
    # 两个形状按广播规则得到的形状；无法广播时为 None
    try:
        return tuple(torch.broadcast_shapes(s1, s2))
    except RuntimeError:
        return None


def property_run(holds, examples=200):
    # hypothesis 在随机的 batch 维和矩阵尺寸上找 holds 不成立的例子；返回缩小后的反例
    failures = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None, phases=SEARCH)
    @given(
        b1=st.lists(st.integers(1, 3), max_size=3),
        b2=st.lists(st.integers(1, 3), max_size=3),
        nmp=st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 3)),
    )
    def search(b1, b2, nmp):
        n, m, p = nmp
        s1, s2 = (*b1, n, m), (*b2, m, p)
        if not holds(s1, s2, product_shape(torch.matmul, s1, s2)):
            failures.append(f"{s1} @ {s2} -> {product_shape(torch.matmul, s1, s2)}")
            raise AssertionError

    try:
        with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
            search()
    except (AssertionError, ExceptionGroup):
        return failures[-1]  # hypothesis 最后重跑的是缩小后的反例
    return None


# 性质检验（hypothesis）：笔记的说法，batch 维不同的两个张量做 matmul 不按广播得到结果（报错）
stated = property_run(lambda s1, s2, got: got is None or s1[:-2] == s2[:-2])


def by_rule(s1, s2, got):
    # 文档的规则：batch 维按广播规则匹配，结果是 broadcast(batch) + (n, p)；无法广播时报错
    batch = broadcast_of(s1[:-2], s2[:-2])
    return got == (None if batch is None else (*batch, s1[-2], s2[-1]))


assert property_run(by_rule) is None  # 文档的规则与实际结果一致
note_claim_property = {"examples": 200, "counterexample": stated}

# 笔记的说法，按情形（本站据此标注核查结果）
# 笔记：矩阵乘法不满足广播机制 (batch 维 (3, 1) 与 (5,) 广播后才能得到 (3, 5, 2, 6))
note_claim_cases = {
    "(3, 1, 2, 4) @ (5, 4, 6)": product_shape(torch.matmul, (3, 1, 2, 4), (5, 4, 6))
    != (3, 5, 2, 6),
    "property: batch dims of 0-3 dims, sizes 1-3, matrices 1-3": stated is None,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：torch.bmm 不做广播，batch 维 3 与 1 同样的测量应得 True
note_claim_control = product_shape(torch.bmm, (3, 2, 4), (1, 4, 6)) != (3, 2, 6)
