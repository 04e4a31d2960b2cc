assert x.sum() == 0  # zero_() 原地清零


def clears(op):
    # 对一个全 1 的张量做 op 之后，这个张量本身是否变成了全 0
    t = torch.ones(2, 3, dtype=torch.long)
    op(t)
    return bool(t.eq(0).all())


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：zero_() 和 zeros_like() 都能把现有矩阵转为全 0 矩阵
note_claim_holds = clears(torch.zero_) and clears(torch.zeros_like)
# 对照：把 zeros_like 的结果写回原张量 (copy_)，同样的测量应得 True
note_claim_control = clears(torch.zero_) and clears(lambda t: t.copy_(torch.zeros_like(t)))
