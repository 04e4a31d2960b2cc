import contextlib
import io
import warnings
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")

# 实验：旧参数构造的损失与给定 reduction 的损失是否相同（形状和数值）
def same_loss(legacy, reduction):
    new = nn.MSELoss(reduction=reduction)(output, target)
    old = legacy(output, target)
    return old.shape == new.shape and torch.equal(old, new)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    # 笔记的表：reduce=False 时忽略 size_average，所以再试一次 size_average=False
    reduce_False_2 = nn.MSELoss(size_average=False, reduce=False)
table = [(reduce_False, "none"), (reduce_False_2, "none"), (size_average_True, "mean"), (size_average_False, "sum")]
# 对照：把表中的 mean 和 sum 对调，同样的比较应当不成立
swapped = [(reduce_False, "none"), (reduce_False_2, "none"), (size_average_True, "sum"), (size_average_False, "mean")]
assert o_0.grad_fn is not None and o_1.dim() == 0 and o_2.dim() == 0  # 课程代码确实算出了三个损失



# 性质检验（hypothesis）：各种带 size_average / reduce 参数的损失函数、随机的形状和 dtype 上，
# 四种组合算出的损失是否都与表中的 reduction 相同（形状和数值）
def pair(shape, dtype, gen, prob=False):
    a = torch.randn(shape, generator=gen, dtype=dtype)
    b = torch.randn(shape, generator=gen, dtype=dtype)
    return (a.sigmoid(), b.sigmoid()) if prob else (a, b)


def log_and_prob(shape, dtype, gen):
    # KLDivLoss 的输入是对数概率，目标是概率
    a, b = pair(shape, dtype, gen, prob=True)
    return a.log(), b


def classes(shape, dtype, gen):
    # (N, C, ...) 的打分和 (N, ...) 的类别
    n, rest = shape[0], list(shape[1:])
    return torch.randn([n, 3, *rest], generator=gen, dtype=dtype), torch.randint(0, 3, [n, *rest], generator=gen)


LEGACY = {
    "L1Loss": (nn.L1Loss, pair),
    "MSELoss": (nn.MSELoss, pair),
    "SmoothL1Loss": (nn.SmoothL1Loss, pair),
    "BCELoss": (nn.BCELoss, lambda s, d, g: pair(s, d, g, prob=True)),
    "BCEWithLogitsLoss": (nn.BCEWithLogitsLoss, pair),
    "SoftMarginLoss": (nn.SoftMarginLoss, pair),
    "KLDivLoss": (nn.KLDivLoss, lambda s, d, g: log_and_prob(s, d, g)),
    "PoissonNLLLoss": (nn.PoissonNLLLoss, pair),
    "CrossEntropyLoss": (nn.CrossEntropyLoss, classes),
    "NLLLoss": (nn.NLLLoss, classes),
}
TABLE = {(True, True): "mean", (False, True): "sum", (True, False): "none", (False, False): "none"}
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None)
@given(
    name=st.sampled_from(list(LEGACY)),
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    dtype=st.sampled_from([torch.float32, torch.float64]),
    size_average=st.booleans(),
    reduce=st.booleans(),
    seed=st.integers(0, 2**16),
)
def follows_table(name, shape, dtype, size_average, reduce, seed):
    cls, inputs = LEGACY[name]
    args = inputs(shape, dtype, torch.Generator().manual_seed(seed))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 旧参数每次构造都会警告，KLDivLoss 的 'mean' 也会
        old = cls(size_average=size_average, reduce=reduce)(*args)
        new = cls(reduction=TABLE[size_average, reduce])(*args)
    if old.shape != new.shape or not torch.allclose(old, new, rtol=0, atol=0, equal_nan=True):
        failures.append(
            f"{name}(size_average={size_average}, reduce={reduce}), shape {tuple(shape)}, "
            f"{str(dtype).removeprefix('torch.')}: not reduction='{TABLE[size_average, reduce]}'"
        )
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        follows_table()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claims_property = {
    "training-reduce-size-average-table": {
        "examples": 200,
        "counterexample": failures[-1] if failures else None,
    }
}
note_claims_cases = {
    "training-reduce-size-average-table": {
        "MSELoss on the note's 2x2 output, four combinations": all(
            same_loss(m, r) for m, r in table
        ),
        "property: 10 losses, 1-3 dims, float32/float64, four combinations": not failures,
    }
}

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    "training-reduce-size-average-table": all(
        note_claims_cases["training-reduce-size-average-table"].values()
    ),
    # 笔记打印的是 grad_fn=<MseLossBackward>
    "training-mse-grad-fn-name": "grad_fn=<MseLossBackward>" in repr(o_0),
}
# 对照：同样的测量用在会让结论反过来的情形上
note_claims_control = {
    "training-reduce-size-average-table": all(same_loss(m, r) for m, r in swapped),
    # 今天打印的名字，同样的查找能找到
    "training-mse-grad-fn-name": "grad_fn=<MseLossBackward0>" in repr(o_0),
}
