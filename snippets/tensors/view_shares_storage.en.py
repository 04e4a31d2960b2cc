import numpy as np
import torch

x = torch.arange(6)
v = x.view(2, 3)
print(x)  # view() itself changes neither the shape nor the values of the original
assert x.shape == (6,)

v[0, 0] = 100  # but the view shares memory with x: writing to v writes to x
print(x)
assert x[0] == 100

# recommended: clone() first, then view(); the copy is independent of the original
c = x.clone().view(2, 3)
c[0, 0] = -1
assert x[0] == 100

# reshape returns a view (shared memory) when it can, and copies only when it must
r = x.reshape(3, 2)
assert r.data_ptr() == x.data_ptr()
t = x.view(2, 3).t()  # non-contiguous after the transpose
r2 = t.reshape(6)
assert r2.data_ptr() != x.data_ptr()  # here a copy is unavoidable

# numpy's reshape also returns a view when possible, so it shares memory too
n = np.arange(6)
m = n.reshape(2, 3)
m[0, 0] = 100
print(n)
assert np.shares_memory(n, m) and n[0] == 100
