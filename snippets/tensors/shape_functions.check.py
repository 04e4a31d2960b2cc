# 不拷贝数据 (返回视图, 共享内存) 的函数
assert shares(x.view(3, 2), x)
assert shares(x.unsqueeze(0), x) and x.unsqueeze(0).shape == (1, 2, 3)
assert shares(x.transpose(0, 1), x) and shares(x.permute(1, 0), x)
assert shares(x.detach(), x)
assert shares(x[:1].expand(4, 3), x) and shares(x[:1].expand_as(torch.empty(4, 3)), x)
assert shares(y.squeeze(), y)

# contiguous(): 已经连续时返回自身, 不连续时才拷贝
assert x.contiguous() is x
assert not shares(p.contiguous(), x)

# reshape: 能返回视图时不拷贝; 不连续且无法 view 时才拷贝
assert shares(x.reshape(3, 2), x)
assert not shares(p.reshape(6), x)

# clone: 总是拷贝, 独立内存
assert not shares(x.clone(), x)
assert not t.is_contiguous() and shares(r, t)
views = all(shares(f(x), x) for f in (lambda v: v.view(3, 2), lambda v: v.unsqueeze(0),
                                      lambda v: v.transpose(0, 1), lambda v: v.permute(1, 0),
                                      lambda v: v.detach(), lambda v: v[:1].expand(4, 3)))
# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "tensors-shape-functions-views": views and shares(y.squeeze(), y),
    # 笔记: 原张量在内存中不连续时 reshape 会复制数据
    "tensors-reshape-copies-if-noncontiguous": not shares(r, t),
    "tensors-contiguous-clone-copy": x.contiguous() is x and not shares(p.contiguous(), x) and not shares(x.clone(), x),
}
