def view_without_copy(expanded, original, dim):
    # 扩展出的张量与原张量指向同一块数据，且扩展出的维 stride 为 0
    return expanded.data_ptr() == original.data_ptr() and expanded.stride(dim) == 0


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = view_without_copy(e, x, 1)
# 对照：repeat 真的复制数据，同样的测量应得 False
note_claim_control = view_without_copy(x.repeat(1, 4), x, 1)
