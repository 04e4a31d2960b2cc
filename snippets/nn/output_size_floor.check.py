import contextlib
import io
import math
from pathlib import Path

import torch.nn.functional as F
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

# hypothesis 的缓存 (.hypothesis) 写在本次运行的工作目录里，而不是它第一次被导入时的目录
set_hypothesis_home_dir(Path.cwd() / ".hypothesis")


# 公式 (H + 2p - d(k - 1) - 1) / s + 1 的值，不取整
def formula(h, k, s, p=0, d=1):
    return (h + 2 * p - d * (k - 1) - 1) / s + 1


conv_value = formula(38, 3, 2, p=6, d=6)
pool_value = formula(75, 2, 2)
assert conv_value == 19.5 and pool_value == 37.5  # 两个例子都落在两个整数之间，floor 和 ceil 不同
pool_ceil = nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1]


def out_len(layer, h, k, s, p, d, ceil_mode=False):
    # 一维的层在长度 h 的输入上的输出长度
    x1 = torch.zeros(1, 1, h)
    if layer == "Conv1d":
        return F.conv1d(x1, torch.zeros(1, 1, k), stride=s, padding=p, dilation=d).shape[-1]
    if layer == "MaxPool1d":
        return F.max_pool1d(x1, k, s, p, dilation=d, ceil_mode=ceil_mode).shape[-1]
    return F.avg_pool1d(x1, k, s, p, ceil_mode=ceil_mode).shape[-1]  # AvgPool1d：没有 dilation


def property_run(layers, rounding, ceil_mode):
    # 随机的 h, k, s, p, d 上，输出长度是否等于 rounding（公式）
    failures = []

    @settings(derandomize=True, max_examples=300, database=None, deadline=None)
    @given(
        layer=st.sampled_from(layers),
        h=st.integers(1, 30),
        k=st.integers(1, 5),
        s=st.integers(1, 4),
        p=st.integers(0, 2),
        d=st.integers(1, 3),
    )
    def rounds(layer, h, k, s, p, d):
        d = 1 if layer == "AvgPool1d" else d
        assume(2 * p <= k and h + 2 * p >= d * (k - 1) + 1)  # 池化要求 p <= k/2；窗口放得下
        if out_len(layer, h, k, s, p, d, ceil_mode) != rounding(formula(h, k, s, p, d)):
            failures.append(
                f"{layer}(kernel_size={k}, stride={s}, padding={p}, dilation={d}), H={h}"
            )
            raise AssertionError

    try:
        with contextlib.redirect_stdout(io.StringIO()):  # hypothesis 找到反例时会打印它
            rounds()
    except (AssertionError, ExceptionGroup):
        return failures[-1]  # hypothesis 最后重跑的是缩小后的反例
    return None


floor_failure = property_run(["Conv1d", "MaxPool1d", "AvgPool1d"], math.floor, False)
ceil_failure = property_run(["MaxPool1d", "AvgPool1d"], math.ceil, True)
note_claim_property = {"examples": 300, "counterexample": ceil_failure}

# 笔记的说法，按情形：默认向下取整；ceil_mode=True 向上取整
note_claim_cases = {
    "Conv2d(k=3, s=2, p=6, d=6), 38 px (19.5)": out.shape[-1] == math.floor(conv_value),
    "MaxPool2d(2, 2), 75 px (37.5)": nn.MaxPool2d(2, 2)(x).shape[-1] == math.floor(pool_value),
    "MaxPool2d(2, 2, ceil_mode=True), 75 px": pool_ceil == math.ceil(pool_value),
    # 最后一个窗口会从右边的 padding 里开始：这个窗口被丢掉
    "MaxPool1d(2, 2, padding=1, ceil_mode=True), 5 px (3.5)": out_len(
        "MaxPool1d", 5, 2, 2, 1, 1, True
    )
    == math.ceil(formula(5, 2, 2, 1)),
    "property: default floor (Conv1d, MaxPool1d, AvgPool1d)": floor_failure is None,
    "property: ceil_mode=True rounds up (MaxPool1d, AvgPool1d)": ceil_failure is None,
}
# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的比较用在没有 padding 的 ceil_mode=True 上（最后一个窗口从输入里开始）
note_claim_control = pool_ceil == math.ceil(pool_value)
assert pool_ceil != math.floor(pool_value)  # 测量分得清向上和向下取整
