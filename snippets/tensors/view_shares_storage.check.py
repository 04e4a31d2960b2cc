# view() 本身不改变原张量: 在一个新张量上重做, 看 view 之后、写入之前的原张量
fresh = torch.arange(6)
fresh.view(2, 3)
view_kept_original = fresh.shape == (6,) and bool(fresh[0] == 0)
assert view_kept_original

assert x[0] == 100  # 改 v 就是改 x
assert c[0, 0] == -1 and x[0] == 100  # clone 出的副本与 x 互不影响

reshape_is_view = r.data_ptr() == x.data_ptr()
assert reshape_is_view
assert r2.data_ptr() != x.data_ptr()  # 不连续时 reshape 才拷贝

assert np.shares_memory(n, m) and n[0] == 100

# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 笔记: torch.view() 会改变原始张量
    "tensors-view-modifies-original": not view_kept_original,
    # reshape 并不保证返回拷贝: 这里返回的是视图
    "tensors-reshape-may-not-copy": reshape_is_view,
    # 笔记: numpy 的 reshape 与结果不共享内存
    "tensors-numpy-reshape-copies": not np.shares_memory(n, m),
}
