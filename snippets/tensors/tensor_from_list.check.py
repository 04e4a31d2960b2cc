import warnings

import numpy as np

constructors = {
    "torch.tensor": torch.tensor,
    "torch.as_tensor": torch.as_tensor,
    "torch.Tensor": torch.Tensor,
}
element_values = {
    "int": [1, 2, 3, 4, 5, 6, 7, 8],
    "float": [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5],
    "bool": [True, False, False, True, True, True, False, False],
    "mixed int/float": [1, 2.5, 3, 4, 5, 6.5, 7, 8],
}


def tuple_list_nestings(v):
    # 只在 tuple 与 list 上不同的写法，各自配上全用 list 写的同一份数据
    a, b, c, d, e, f, g, h = v
    rows = [[a, b, c, d], [e, f, g, h]]
    return {
        "list of tuples": ([(a, b, c, d), (e, f, g, h)], rows),
        "tuple of lists": (([a, b, c, d], [e, f, g, h]), rows),
        "a tuple row and a list row (the note's)": ([(a, b, c, d), [e, f, g, h]], rows),
        "mixed at depth 3": (
            [([a, b], (c, d)), [(e, f), [g, h]]],
            [[[a, b], [c, d]], [[e, f], [g, h]]],
        ),
    }


def same_as_lists(construct, data, lists):
    # construct(data) 是否与 construct(lists) 相同（lists 是全用 list 写的同一份数据）：dtype、形状和值都相同？
    try:
        made, reference = construct(data), construct(lists)
    except (RuntimeError, TypeError, ValueError):
        return False
    return (
        made.dtype == reference.dtype
        and made.shape == reference.shape
        and torch.equal(made, reference)
    )


# 网格：构造方式 x 嵌套写法 x 元素类型（都在说法的范围内：只有 tuple 与 list 之分）
list_of_tuples_cases = {
    f"{cname}, {nesting}, {vname}": same_as_lists(construct, data, lists)
    for cname, construct in constructors.items()
    for vname, values in element_values.items()
    for nesting, (data, lists) in tuple_list_nestings(values).items()
}

# 范围之外（元素不再是 tuple 或 list，说明里写明）：
# 0 维张量的 list 与数字的 list 相同；一行长度不同或一维张量的 list 都报错，用 tuple 还是 list 都一样
for values in element_values.values():
    assert all(
        same_as_lists(c, [torch.tensor(v) for v in values], values) for c in constructors.values()
    )
for construct in constructors.values():
    for ragged in ([(1, 2, 3), [5, 6, 7, 8]], [[1, 2, 3], [5, 6, 7, 8]]):
        assert not same_as_lists(construct, ragged, ragged)
    assert not same_as_lists(
        construct, [torch.tensor([1, 2]), torch.tensor([3, 4])], [[1, 2], [3, 4]]
    )
with warnings.catch_warnings():
    # numpy 数组的 list 会给出 UserWarning（建议先拼成一个数组），这里只看结果
    warnings.simplefilter("ignore", UserWarning)
    float_rows = [np.array([0.5, 1.5]), np.array([2.5, 3.5])]
    # 浮点 numpy 数组的 list：torch.tensor / torch.as_tensor 得到 float64，不是 list 的 float32
    numpy_rows_same = {
        c: same_as_lists(f, float_rows, [[0.5, 1.5], [2.5, 3.5]]) for c, f in constructors.items()
    }
assert numpy_rows_same == {"torch.tensor": False, "torch.as_tensor": False, "torch.Tensor": True}

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = all(list_of_tuples_cases.values())
note_claim_cases = list_of_tuples_cases
# 对照：同样的测量用在浮点 numpy 数组的 list 上（不只是 tuple 与 list 之分），应得 False
note_claim_control = all(numpy_rows_same.values())
