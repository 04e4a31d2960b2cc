import contextlib
import io
import math
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from torch.profiler import record_function

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")


def broadcast_shape(s1, s2):
    # 两个形状的张量相加得到的形状；无法广播时为 None
    try:
        return tuple((torch.ones(s1) + torch.ones(s2)).shape)
    except RuntimeError:
        return None


def reuses_data(expanded, original, dim):
    # 扩展出的张量是否指向原始数据，且扩展出的维 stride 为 0（没有复制）
    return expanded.data_ptr() == original.data_ptr() and expanded.stride(dim) == 0


def rule(s1, s2):
    # 广播规则：右对齐，缺的维度在左边补 1，每一维相等或其中一个为 1
    n = max(len(s1), len(s2))
    s1, s2 = (1,) * (n - len(s1)) + tuple(s1), (1,) * (n - len(s2)) + tuple(s2)
    if any(a != b and 1 not in (a, b) for a, b in zip(s1, s2, strict=True)):
        return None
    return tuple(max(a, b) for a, b in zip(s1, s2, strict=True))


# 性质检验 (hypothesis)：随机形状上，实际结果与广播规则一致吗？
rule_failures = []
shapes = st.lists(st.integers(1, 3), max_size=4)


@settings(derandomize=True, max_examples=300, database=None, deadline=None)
@given(s1=shapes, s2=shapes)
def follows_rule(s1, s2):
    if broadcast_shape(s1, s2) != rule(s1, s2):
        rule_failures.append(f"{tuple(s1)} + {tuple(s2)}")
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        follows_rule()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 rule_failures 中（最后一个是缩小后的）

# 广播是否复制数据：在各种运算中测量 torch 的 CPU 分配器分配了多少内存 (profile_memory)
x, y = torch.randn(50, 1, 500), torch.randn(50, 500)
y64, cond, z = y.double(), torch.rand(50, 50, 1) > 0.5, torch.zeros(50, 50, 500)
ma, mb = torch.randn(20, 1, 1, 1000), torch.randn(20, 1000, 1)
sa, sb = torch.randn(4, 1, 8, 16), torch.randn(5, 16, 8)
ta, tb = torch.randn(3, 2, 4), torch.randn(4, 6)


def expanded_extra(ins, shape_of):
    # 把输入真正扩展到广播后的形状需要多分配的字节数
    return sum((math.prod(shape_of(t)) - t.numel()) * t.element_size() for t in ins)


def elementwise(*ins):
    shape = torch.broadcast_shapes(*(t.shape for t in ins))
    return lambda t: shape


def batched(a, b):
    # matmul：只有批次维（最后两维之前）广播
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return lambda t: tuple(batch) + tuple(t.shape[-2:])


OPS = {
    "op=add": (lambda: x + y, (x, y), elementwise(x, y)),
    "op=mul": (lambda: x * y, (x, y), elementwise(x, y)),
    "op=sub, float32-float64": (lambda: x - y64, (x, y64), elementwise(x, y64)),
    "op=where": (lambda: torch.where(cond, x, y), (cond, x, y), elementwise(cond, x, y)),
    "op=add_ (in place)": (lambda: z.add_(y), (y,), elementwise(z, y)),
    "op=broadcast_tensors": (lambda: torch.broadcast_tensors(x, y), (x, y), elementwise(x, y)),
    "op=expand": (lambda: x.expand(50, 50, 500), (x,), elementwise(z)),
    "op=matmul, (20,1,1,1000)@(20,1000,1)": (lambda: ma @ mb, (ma, mb), batched(ma, mb)),
    "op=matmul, (4,1,8,16)@(5,16,8)": (lambda: sa @ sb, (sa, sb), batched(sa, sb)),
    "op=matmul, (3,2,4)@(4,6)": (lambda: ta @ tb, (ta, tb), batched(ta, tb)),
    # 对照用：先用 repeat 把 x 真的复制成扩展后的形状，再相加
    "control: repeat, then add": (lambda: x.repeat(1, 50, 1) + y, (x, y), elementwise(x, y)),
}

outputs = {}
with profile(profile_memory=True) as grid_prof:
    for case, (run, _, _) in OPS.items():
        with record_function(case):
            outputs[case] = run()


def allocated_in(event):
    # 一个区间内所有算子自己分配的字节数之和
    return max(event.self_cpu_memory_usage, 0) + sum(allocated_in(c) for c in event.cpu_children)


ranges = {e.name: e for e in grid_prof.events() if e.name in OPS}


def copies_expanded_data(case):
    # 运算多分配的内存（去掉新结果本身）达到扩展后的输入的一半以上，就算是复制了扩展的数据
    _, ins, shape_of = OPS[case]
    out = outputs[case]
    outs = out if isinstance(out, tuple | list) else [out]
    owned = {t.data_ptr() for t in (*ins, z, x)}  # 视图和原地运算的结果指向已有的内存
    produced = sum(o.numel() * o.element_size() for o in outs if o.data_ptr() not in owned)
    extra = allocated_in(ranges[case]) - produced
    return extra >= expanded_extra(ins, shape_of) / 2


no_copy_cases = {case: not copies_expanded_data(case) for case in OPS}
no_copy_control = no_copy_cases.pop("control: repeat, then add")
assert not no_copy_control  # 测量能看出真正的复制
no_copy_cases["op=broadcast_tensors, views (stride 0, same data_ptr)"] = reuses_data(
    a2, a, 1
) and reuses_data(b2, b, 0)

# 笔记的两条说法，按情形（本站据此标注核查结果）
note_claims_cases = {
    "tensors-broadcast-rules": {
        "(3,1,5)+(4,5)": broadcast_shape((3, 1, 5), (4, 5)) == (3, 4, 5),
        "property: the rule on random shapes, up to 4 dims": not rule_failures,
    },
    "tensors-broadcast-no-copy": no_copy_cases,
}
note_claims_property = {
    "tensors-broadcast-rules": {
        "examples": 300,
        "counterexample": rule_failures[-1] if rule_failures else None,
    }
}
note_claims_hold = {claim: all(cases.values()) for claim, cases in note_claims_cases.items()}
# 对照：同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 把 b 缺的 1 补在右边 (4, 5, 1)，而不是左边：无法广播
    "tensors-broadcast-rules": broadcast_shape((3, 1, 5), (4, 5, 1)) == (3, 4, 5),
    # 逐元素的加法：没有复制扩展的数据
    "tensors-broadcast-no-copy": not copies_expanded_data("op=add"),
}
