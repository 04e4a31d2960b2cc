# 笔记原文的这一行能运行吗？在同一个 params 上再试一次
def original_line():
    assert isinstance(params.values()[0], Variable)


# 对照：改写后的这一行 (list(...) 和 torch.Tensor)，同样地运行
def fixed_line():
    assert isinstance(list(params.values())[0], torch.Tensor)


def error_of(line):
    try:
        line()
    except (TypeError, AssertionError) as err:
        return err
    return None


original_error = error_of(original_line)
fixed_error = error_of(fixed_line)
# 出错的是 dict_values 的下标，不是 Variable：参数仍然是 Variable 的实例
assert isinstance(original_error, TypeError) and "not subscriptable" in str(original_error)
assert isinstance(list(params.values())[0], Variable)
assert g.source.count("->") > 0

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = original_error is None
note_claim_control = fixed_error is None
