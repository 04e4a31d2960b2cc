# 笔记注释里的结果
assert torch.equal(out, torch.tensor([[2., 2., 2., 2., 2.],
                                      [6., 4., 5., 6., 4.],
                                      [8., 9., 7., 7., 9.]]))


def same_as_method(result):
    # 结果的 size 与 index 一致, 且与 a.gather(dim=1, index=index) 相同
    return result.shape == index.shape and torch.equal(result, a.gather(dim=1, index=index))


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = same_as_method(torch.gather(input=a, dim=1, index=index))
# 对照: index_select 按 index 的第一行取列, 不是 gather: 同样的测量应得 False
note_claim_control = same_as_method(torch.index_select(a, 1, index[0]))
