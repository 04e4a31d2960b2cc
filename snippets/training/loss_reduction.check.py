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


# 实验：用某个 reduction 计算损失时是否给出弃用警告
def deprecated(reduction):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        nn.MSELoss(reduction=reduction)(output, target)
    return any("deprecated" in str(w.message) for w in caught)


assert loss.item() == 0.25  # 'elementwise_mean' 算出的仍是平均值


# 各种损失函数：给定 (N, ...) 的形状、dtype 和随机数生成器，返回（构造损失的函数，输入）
def pair(shape, dtype, gen, lo=None):
    a = torch.randn(shape, generator=gen, dtype=dtype)
    b = torch.randn(shape, generator=gen, dtype=dtype)
    return (a.sigmoid(), b.sigmoid()) if lo == "prob" else (a, b)


def log_and_prob(shape, dtype, gen):
    # KLDivLoss 的输入是对数概率，目标是概率
    a, b = pair(shape, dtype, gen, "prob")
    return a.log(), b


def classes(shape, dtype, gen, ignore=False):
    # (N, C, ...) 的打分和 (N, ...) 的类别（ignore 时一部分类别是要忽略的 -100）
    n, rest = shape[0], list(shape[1:])
    scores = torch.randn([n, 3, *rest], generator=gen, dtype=dtype)
    labels = torch.randint(0, 3, [n, *rest], generator=gen)
    if ignore:
        labels[torch.rand(labels.shape, generator=gen) < 0.5] = -100
    return scores, labels


LOSSES = {
    "L1Loss": (nn.L1Loss, pair),
    "MSELoss": (nn.MSELoss, pair),
    "SmoothL1Loss": (nn.SmoothL1Loss, pair),
    "HuberLoss": (nn.HuberLoss, pair),
    "BCELoss": (nn.BCELoss, lambda s, d, g: pair(s, d, g, "prob")),
    "BCEWithLogitsLoss": (nn.BCEWithLogitsLoss, pair),
    "SoftMarginLoss": (nn.SoftMarginLoss, pair),
    "KLDivLoss": (nn.KLDivLoss, lambda s, d, g: log_and_prob(s, d, g)),
    "PoissonNLLLoss": (nn.PoissonNLLLoss, pair),
    "GaussianNLLLoss": (
        nn.GaussianNLLLoss,
        lambda s, d, g: (*pair(s, d, g), torch.rand(s, generator=g, dtype=d) + 0.1),
    ),
    "CrossEntropyLoss": (nn.CrossEntropyLoss, classes),
    "NLLLoss": (nn.NLLLoss, classes),
    "CrossEntropyLoss(weight=[1, 2, 3])": (
        lambda reduction: nn.CrossEntropyLoss(torch.tensor([1.0, 2.0, 3.0]), reduction=reduction),
        classes,
    ),
    "NLLLoss, some targets ignore_index": (
        nn.NLLLoss,
        lambda s, d, g: classes(s, d, g, ignore=True),
    ),
}


def options_mean_what_they_say(name, shape, dtype, seed):
    # 三个取值都被接受，'elementwise_mean' 等于 'none' 的逐元素平均，'sum' 等于它的和
    make, inputs = LOSSES[name]
    args = inputs(shape, dtype, torch.Generator().manual_seed(seed))
    if name.startswith("CrossEntropyLoss(weight"):
        args = (args[0].float(), args[1]) if dtype == torch.float32 else args
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 'elementwise_mean' 的弃用警告另外核查
            none, mean, total = (make(reduction=r)(*args) for r in ("none", "elementwise_mean", "sum"))
    except (ValueError, RuntimeError) as err:
        return f"{type(err).__name__}: {err}"
    tol = 1e-5 if dtype == torch.float32 else 1e-10
    if not torch.allclose(mean, none.mean(), rtol=tol, atol=tol):
        return f"'elementwise_mean' gives {mean.item():.4g}, the mean of 'none' is {none.mean().item():.4g}"
    if not torch.allclose(total, none.sum(), rtol=tol, atol=tol):
        return f"'sum' gives {total.item():.4g}, the sum of 'none' is {none.sum().item():.4g}"
    return None


# 性质检验（hypothesis）：各种损失函数、随机的形状（batch 1 到 4，再有 0 到 2 维、每维 1 到 3）和 dtype 上
failures = []


@settings(derandomize=True, max_examples=200, database=None, deadline=None, phases=SEARCH)
@given(
    name=st.sampled_from(list(LOSSES)),
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    dtype=st.sampled_from([torch.float32, torch.float64]),
    seed=st.integers(0, 2**16),
)
def three_options(name, shape, dtype, seed):
    wrong = options_mean_what_they_say(name, shape, dtype, seed)
    if wrong:
        failures.append(f"{name}, shape {tuple(shape)}, {str(dtype).removeprefix('torch.')}: {wrong}")
        raise AssertionError


try:
    with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
        three_options()
except (AssertionError, ExceptionGroup):
    pass  # 反例记在 failures 中（最后一个是缩小后的）
note_claim_property = {"examples": 200, "counterexample": failures[-1] if failures else None}

# 笔记的说法，按情形（本站据此标注核查结果）
# 笔记：'elementwise_mean' 是 reduction 的可选值之一（今天它只是会警告的旧名字）
note_claim_cases = {
    "MSELoss: 'elementwise_mean' without a deprecation warning": not deprecated("elementwise_mean"),
    "GaussianNLLLoss, shape (4,): 'elementwise_mean' accepted": options_mean_what_they_say(
        "GaussianNLLLoss", [4], torch.float32, 0
    )
    is None,
    "property: 14 losses, 1-3 dims, float32/float64: accepted, mean and sum of 'none'": not failures,
}
note_claim_holds = all(note_claim_cases.values())
# 对照：今天的 'mean' 用同样的测量，不会警告
note_claim_control = not deprecated("mean")
