import itertools

src_big = torch.randn(2, 3, 4)


def formula_holds(dim, formula_dim):
    # 沿 dim 做 scatter_ (index 沿 dim 没有重复位置), 结果是否与 formula_dim 那一行公式逐元素一致
    # argsort 沿 dim 得到 0..4 的排列, 取前几个: 沿 dim 不重复
    idx = torch.rand(5, 5, 5).argsort(dim=dim)[:2, :3, :4]
    res = torch.zeros(5, 5, 5).scatter_(dim, idx, src_big)
    for i, j, k in itertools.product(range(2), range(3), range(4)):
        pos = [i, j, k]
        pos[formula_dim] = idx[i][j][k]
        if res[pos[0]][pos[1]][pos[2]] != src_big[i][j][k]:
            return False
    return True


def size_error(src_):
    # 用 src_ 做一次 scatter_ 是否报错
    try:
        torch.zeros(2, 3, 5).scatter_(2, index, src_)
    except RuntimeError:
        return True
    return False


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = (
    all(formula_holds(dim, dim) for dim in range(3))
    and size_error(torch.randn(2, 3, 2))
    and out.shape == (2, 3, 5)
)
# 对照: 用另一个 dim 的公式核对, 且 src 不比 index 小: 同样的测量应得 False
note_claim_control = (
    all(formula_holds(dim, (dim + 1) % 3) for dim in range(3))
    and size_error(torch.randn(2, 3, 4))
    and out.shape == (2, 3, 5)
)
