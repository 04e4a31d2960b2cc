def product_shape(op, s1, s2):
    # 两个形状的张量做 op 得到的形状; 报错时为 None
    try:
        return tuple(op(torch.ones(s1), torch.ones(s2)).shape)
    except RuntimeError:
        return None


# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 矩阵乘法不满足广播机制 (batch 维 (3, 1) 与 (5,) 广播后才能得到 (3, 5, 2, 6))
note_claim_holds = product_shape(torch.matmul, (3, 1, 2, 4), (5, 4, 6)) != (3, 5, 2, 6)
# 对照: torch.bmm 不做广播, batch 维 3 与 1 同样的测量应得 True
note_claim_control = product_shape(torch.bmm, (3, 2, 4), (1, 4, 6)) != (3, 2, 6)
