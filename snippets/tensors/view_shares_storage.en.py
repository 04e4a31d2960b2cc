import numpy as np
import torch

x = torch.arange(6)
v = x.view(2, 3)
print(x)  # view() itself changes neither the shape nor the values of the original
view_kept_original = x.shape == (6,) and x[0] == 0
assert view_kept_original

v[0, 0] = 100  # but the view shares memory with x: writing to v writes to x
print(x)
assert x[0] == 100

# recommended: clone() first, then view(); the copy is independent of the original
c = x.clone().view(2, 3)
c[0, 0] = -1
assert x[0] == 100

# reshape returns a view (shared memory) when it can, and copies only when it must
r = x.reshape(3, 2)
reshape_is_view = r.data_ptr() == x.data_ptr()
assert reshape_is_view
t = x.view(2, 3).t()  # non-contiguous after the transpose
r2 = t.reshape(6)
assert r2.data_ptr() != x.data_ptr()  # here a copy is unavoidable

# numpy's reshape also returns a view when possible, so it shares memory too
n = np.arange(6)
m = n.reshape(2, 3)
m[0, 0] = 100
print(n)
assert np.shares_memory(n, m) and n[0] == 100

# Do the note's three claims hold? (the site labels the claims from this)
note_claims_hold = {
    # the note: torch.view() changes the original tensor
    "tensors-view-modifies-original": not view_kept_original,
    # reshape does not guarantee a copy: here it returns a view
    "tensors-reshape-may-not-copy": reshape_is_view,
    # the note: numpy's reshape does not share memory with its result
    "tensors-numpy-reshape-copies": not np.shares_memory(n, m),
}
