import numpy as np
import torch

x = torch.arange(6)
v = x.view(2, 3)
print(x)  # view() 本身不改变原张量的形状和数值
view_kept_original = x.shape == (6,) and x[0] == 0
assert view_kept_original

v[0, 0] = 100  # 但 view 与原张量共享内存: 改 v 就是改 x
print(x)
assert x[0] == 100

# 推荐做法: 先 clone() 再 view(), 副本与原张量互不影响
c = x.clone().view(2, 3)
c[0, 0] = -1
assert x[0] == 100

# reshape 能 view 时就返回视图 (共享内存), 不能时才拷贝
r = x.reshape(3, 2)
reshape_is_view = r.data_ptr() == x.data_ptr()
assert reshape_is_view
t = x.view(2, 3).t()  # 转置后不连续
r2 = t.reshape(6)
assert r2.data_ptr() != x.data_ptr()  # 这里只能拷贝

# numpy 的 reshape 同样尽量返回视图, 也会共享内存
n = np.arange(6)
m = n.reshape(2, 3)
m[0, 0] = 100
print(n)
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
