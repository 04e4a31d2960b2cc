# expand 也能在前面新增维度
assert x.expand(5, 2, 3).shape == (5, 2, 3)


def expand_error(t, *sizes):
    # t.expand(*sizes) 报的错; 不报错时为 None
    try:
        t.expand(*sizes)
    except RuntimeError as err:
        return err
    return None


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = (
    isinstance(lesson_error, RuntimeError)
    and "non-singleton dimension 0" in str(lesson_error)
    and x.expand(-1, 3).shape == (2, 3)
)
# 对照: 同样把第 0 维扩展到 4, 但这一维大小为 1: 同样的测量应得 False
one = torch.zeros(1, 3)
control_error = expand_error(one, 4, 3)
note_claim_control = (
    isinstance(control_error, RuntimeError)
    and "non-singleton dimension 0" in str(control_error)
    and one.expand(-1, 3).shape == (1, 3)
)
