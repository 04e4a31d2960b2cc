# 标签的 9 种用法：每种都用 4 个标签 [2, 0, bad, 1]（3 个类别），图像分割的四维输入把 bad 放在一个像素上
def label_uses(bad):
    labels = torch.tensor([2, 0, bad, 1])
    pixels = torch.randint(0, 3, (2, 4, 4))
    pixels[1, 2, 3] = bad
    return {
        "F.cross_entropy (N, C)": lambda: F.cross_entropy(logits, labels),
        "F.cross_entropy (N, C, H, W)": lambda: F.cross_entropy(torch.randn(2, 3, 4, 4), pixels),
        "F.nll_loss": lambda: F.nll_loss(logits.log_softmax(1), labels),
        "nn.CrossEntropyLoss(ignore_index=-1)": lambda: torch.nn.CrossEntropyLoss(ignore_index=-1)(
            logits, labels
        ),
        "F.one_hot": lambda: F.one_hot(labels, 3),
        "torch.gather": lambda: logits.gather(1, labels.unsqueeze(1)),
        # 笔记里的 one-hot 写法
        "Tensor.scatter_": lambda: torch.zeros(4, 3).scatter_(1, labels.unsqueeze(1), 1.0),
        "nn.Embedding": lambda: torch.nn.Embedding(3, 2)(labels),
        "t[labels]": lambda: torch.eye(3)[labels],
    }


def raises_out_of_bounds(use):
    # 这一用法是否报错，而且报的是标签超出范围（越界、超出范围、须为非负、须小于类别数）？
    try:
        use()
    except (IndexError, RuntimeError) as err:
        words = ("out of bounds", "out of range", "non-negative", "smaller than num_classes")
        return any(word in str(err) for word in words)
    return False


# 网格：标签的用法 x 标签的值 -1、-2、-100
negative_label_cases = {
    f"{name}, label {bad}": raises_out_of_bounds(use)
    for bad in (-1, -2, -100)
    for name, use in label_uses(bad).items()
}

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = "Target -1 is out of bounds" in str(lesson_error) and all(
    negative_label_cases.values()
)
note_claim_cases = negative_label_cases
# 对照：同样的测量用在标签 3（等于类别数，没有一种用法会跳过或从末尾数）上：每种用法都报越界
note_claim_control = all(raises_out_of_bounds(use) for use in label_uses(3).values())
