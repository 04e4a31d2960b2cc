assert not t.is_contiguous()


def views_noncontiguous(t, shape):
    # 不连续的 t 能否 view 成 shape (不拷贝, 共享内存)
    try:
        v = t.view(shape)
    except RuntimeError:
        return False
    return not t.is_contiguous() and v.data_ptr() == t.data_ptr()


# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: view 只能用在 contiguous 的张量上
note_claim_holds = not views_noncontiguous(t, (2, 2, 2, 3))
# 对照: 把同一个张量拉平 (要合并跨 stride 的维度), 同样的测量应得 True
note_claim_control = not views_noncontiguous(t, (24,))
