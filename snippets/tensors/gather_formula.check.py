def formula_holds(dim, formula_dim):
    # gather 沿 dim 的结果是否与 formula_dim 那一行公式逐元素一致
    return torch.equal(torch.gather(inp, dim, index), by_formula(inp, index, formula_dim))


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = all(formula_holds(dim, dim) for dim in range(3))
# 对照: 用另一个 dim 的公式核对, 同样的测量应得 False
note_claim_control = all(formula_holds(dim, (dim + 1) % 3) for dim in range(3))
