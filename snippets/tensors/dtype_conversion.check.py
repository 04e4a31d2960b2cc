assert a.dtype == torch.float32 and torch.isclose(a, loc_loss)
assert s.dtype == torch.int32
assert i16.dtype == torch.int16


def combines(op):
    # 不先转换 dtype，两个张量能否直接运算
    try:
        op()
    except RuntimeError:
        return False
    return True


# 网格：笔记的说法（不同 dtype 的张量要先转换才能运算）对每一种运算、每一对 dtype 是否成立
ops = {
    "a + b": lambda a, b: a + b,
    "a * b": lambda a, b: a * b,
    "a / b": lambda a, b: a / b,
    "torch.maximum(a, b)": torch.maximum,
    "torch.cat([a, b])": lambda a, b: torch.cat([a, b]),
    "torch.where(a > 0, a, b)": lambda a, b: torch.where(a > 0, a, b),
    "a @ b": lambda a, b: a @ b,
    "torch.mm(a, b)": torch.mm,
}
pairs = [
    (torch.int16, torch.int32),
    (torch.int32, torch.int64),
    (torch.int64, torch.float32),
    (torch.float32, torch.float64),
]
dtype_cases = {
    f"{name}, {a} with {b}": not combines(lambda: op(torch.ones(2, 2, dtype=a), torch.ones(2, 2, dtype=b)))
    for name, op in ops.items()
    for a, b in pairs
}

# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：int16 与 int32 也要先转换成同一个 dtype 才能运算
note_claim_holds = not (
    combines(lambda: torch.ones(2, dtype=torch.int16) + torch.ones(2, dtype=torch.int32))
    and combines(lambda: torch.tensor(1234.5) / torch.tensor(279424))
) and all(dtype_cases.values())
note_claim_cases = dtype_cases
# 对照：矩阵乘法不做类型提升，float32 @ float64 同样的测量应得 True
note_claim_control = not combines(lambda: torch.ones(2, 2) @ torch.ones(2, 2, dtype=torch.float64))
