assert y.squeeze().shape == (2, 3) and y.squeeze(0).shape == (2, 1, 3)
assert not p.is_contiguous() and not t.is_contiguous()


def all_share(cases):
    # 每个 (函数, 原张量): 结果是否都与原张量共享存储
    return all(shares(f(src), src) for f, src in cases)


# 表中"不拷贝数据"的函数
view_cases = [
    (lambda v: v.view(3, 2), x),
    (lambda v: v.unsqueeze(0), x),
    (lambda v: v.squeeze(), y),
    (lambda v: v[:1].expand(4, 3), x),
    (lambda v: v[:1].expand_as(torch.empty(4, 3)), x),
    (lambda v: v.transpose(0, 1), x),
    (lambda v: v.permute(1, 0), x),
    (lambda v: v.detach(), x),
]
# 连续、转置、expand 出来的张量
sources = [x, p, x[:1].expand(4, 3)]


def always_copies(f):
    # f 在每种张量上都分配了新的存储
    return all(not shares(f(src), src) for src in sources)


# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "tensors-shape-functions-views": all_share(view_cases),
    # 笔记: 原张量在内存中不连续时 reshape 会复制数据
    "tensors-reshape-copies-if-noncontiguous": not shares(r, t),
    "tensors-contiguous-clone-copy": x.contiguous() is x
    and not shares(p.contiguous(), x)
    and always_copies(lambda v: v.clone()),
}
# 对照: 同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 加上 clone: 它拷贝数据
    "tensors-shape-functions-views": all_share(view_cases + [(lambda v: v.clone(), x)]),
    # 不连续且 stride 不兼容 (拉平转置后的张量): reshape 只能拷贝
    "tensors-reshape-copies-if-noncontiguous": not shares(p.reshape(6), x),
    # 把"总是拷贝"的测量用在 contiguous() 上: 已连续时它不拷贝
    "tensors-contiguous-clone-copy": x.contiguous() is x
    and not shares(p.contiguous(), x)
    and always_copies(lambda v: v.contiguous()),
}
