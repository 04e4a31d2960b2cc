import os
import traceback

import torch.nn.functional as F

TORCH_DIR = os.path.dirname(torch.__file__)


def raising_line(error):
    # 抛出异常的那一行代码：不在 torch 包里的最内层一帧
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(TORCH_DIR)]
    return frames[-1].line


def clear_error_at_scatter(labels):
    # 同样的 scatter_：是否在 scatter_ 这一行抛出指明越界下标的错误
    onehot = torch.zeros(4, 3)
    try:
        onehot.scatter_(1, labels.unsqueeze(1), 1.0)
    except RuntimeError as err:
        return "is out of bounds for dimension 1 with size 3" in str(err) and "scatter_" in raising_line(err)
    return False


assert clear_error_at_scatter(labels)

# 网格：在 GPU 上通常以 device-side assert 报出的各种错误输入，放到 CPU 上：
# 3 类的 4 个样本，标签里有一个 3（等于类别数，越界）；由它算出的概率有一个大于 1，采样概率有一个是负数
torch.manual_seed(0)
scores = torch.randn(4, 3)
usages = {
    "Tensor.scatter_": (lambda y: torch.zeros(4, 3).scatter_(1, y.unsqueeze(1), 1.0), "scatter_"),
    "torch.gather": (lambda y: scores.gather(1, y.unsqueeze(1)), "gather"),
    "Tensor.index_select": (lambda y: scores.index_select(1, y), "index_select"),
    "Tensor.index_add_": (lambda y: torch.zeros(4, 3).index_add_(1, y, torch.ones(4, 4)), "index_add_"),
    "t[labels]": (lambda y: torch.eye(3)[y], "torch.eye(3)[y]"),
    "nn.Embedding": (lambda y: torch.nn.Embedding(3, 5)(y), "Embedding"),
    "F.embedding_bag": (
        lambda y: F.embedding_bag(y, torch.randn(3, 5), torch.tensor([0, 2])), "embedding_bag"
    ),
    "F.cross_entropy": (lambda y: F.cross_entropy(scores, y), "cross_entropy"),
    "F.cross_entropy(label_smoothing=0.1)": (
        lambda y: F.cross_entropy(scores, y, label_smoothing=0.1), "cross_entropy"
    ),
    "F.cross_entropy, 4-D input": (
        lambda y: F.cross_entropy(torch.randn(1, 3, 2, 2), y.view(1, 2, 2)), "cross_entropy"
    ),
    "F.nll_loss": (lambda y: F.nll_loss(scores.log_softmax(1), y), "nll_loss"),
    "F.one_hot": (lambda y: F.one_hot(y, 3), "one_hot"),
    "F.multi_margin_loss": (lambda y: F.multi_margin_loss(scores, y), "multi_margin_loss"),
    "F.binary_cross_entropy, an input above 1": (
        lambda y: F.binary_cross_entropy(y / 2.0, torch.ones(4)), "binary_cross_entropy"
    ),
    "torch.multinomial, a negative probability": (
        lambda y: torch.multinomial(2 - y, 1), "multinomial"
    ),
}
in_range, out_of_range = torch.tensor([2, 0, 1, 1]), torch.tensor([2, 0, 3, 1])


def located(name, y):
    # 在 CPU 上：是否抛出异常，并且停在调用出错运算的那一行？
    run, op = usages[name]
    try:
        run(y.float() if "probability" in name or "input above" in name else y)
    except (RuntimeError, IndexError) as err:
        return op in raising_line(err)
    return False


located_cases = {f"{name}: raises at its own line": located(name, out_of_range) for name in usages}

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = (
    "index -1 is out of bounds for dimension 1 with size 3" in str(lesson_error)
    and "scatter_" in raising_line(lesson_error)
    and all(located_cases.values())
)
note_claim_cases = located_cases
# 对照：标签都在范围内（概率都在 [0, 1] 里、采样概率都不是负数），同样的测量：没有错误可报
assert not any(located(name, in_range) for name in usages)
note_claim_control = clear_error_at_scatter(in_range) and all(located(name, in_range) for name in usages)
