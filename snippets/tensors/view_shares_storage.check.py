assert x[0] == 100  # 改 v 就是改 x
assert c[0, 0] == -1 and x[0] == 100  # clone 出的副本与 x 互不影响


def changes_original(op):
    # 对一个新张量做 op 之后, 它的形状或数值是否变了
    t = torch.arange(6)
    op(t)
    return t.shape != (6,) or not torch.equal(t, torch.arange(6))


def same_storage(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# 对照: 不能 view 的 numpy 数组 (转置后不连续), reshape 只能拷贝
n_t = np.arange(6).reshape(2, 3).T
m_t = n_t.reshape(6)

# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 笔记: torch.view() 会改变原始张量
    "tensors-view-modifies-original": changes_original(lambda t: t.view(2, 3)),
    # reshape 并不保证返回拷贝: 这里返回的是视图
    "tensors-reshape-may-not-copy": same_storage(r, x),
    # 笔记: numpy 的 reshape 与结果不共享内存
    "tensors-numpy-reshape-copies": not np.shares_memory(n, m),
}
# 对照: 同样的测量用在会得出相反结论的情形上
note_claims_control = {
    # 通过 view 写入: 原张量被改
    "tensors-view-modifies-original": changes_original(lambda t: t.view(2, 3)[0].fill_(100)),
    # 不连续、无法 view 时 reshape 拷贝
    "tensors-reshape-may-not-copy": same_storage(r2, x),
    "tensors-numpy-reshape-copies": not np.shares_memory(n_t, m_t),
}
