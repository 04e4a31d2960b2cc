def broadcast_shape(s1, s2):
    # 两个形状的张量相加得到的形状; 无法广播时为 None
    try:
        return tuple((torch.ones(s1) + torch.ones(s2)).shape)
    except RuntimeError:
        return None


def reuses_data(expanded, original, dim):
    # 扩展出的张量是否指向原始数据, 且扩展出的维 stride 为 0 (没有复制)
    return expanded.data_ptr() == original.data_ptr() and expanded.stride(dim) == 0


# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "tensors-broadcast-rules": broadcast_shape((3, 1, 5), (4, 5)) == (3, 4, 5),
    "tensors-broadcast-no-copy": reuses_data(a2, a, 1) and reuses_data(b2, b, 0),
}
# 对照: 同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 把 b 缺的 1 补在右边 (4, 5, 1), 而不是左边: 无法广播
    "tensors-broadcast-rules": broadcast_shape((3, 1, 5), (4, 5, 1)) == (3, 4, 5),
    # 用 repeat 真的复制出来的张量
    "tensors-broadcast-no-copy": reuses_data(a.repeat(1, 4, 1), a, 1) and reuses_data(b2, b, 0),
}
