assert y_loc.shape == (2, 5 * 5 * anchor, 4)

feat = loc_layer(x)


def function_form_matches(func, method):
    # torch.xxx(t, ...) 这种函数写法能否调用，且结果与 t.xxx(...) 相同
    try:
        return torch.equal(func(), method())
    except AttributeError:
        return False


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：没有 torch.permute() 这个调用方式
note_claim_holds = not function_form_matches(
    lambda: torch.permute(feat, (0, 2, 3, 1)), lambda: feat.permute(0, 2, 3, 1)
)
# 对照：contiguous 确实只有 Tensor.contiguous()，没有 torch.contiguous()：同样的测量应得 True
note_claim_control = not function_form_matches(
    lambda: torch.contiguous(feat), lambda: feat.contiguous()
)
