import torch

x = torch.arange(6.).view(2, 3)


def shares(a, b):
    # whether two tensors share the same storage
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# functions that do not copy data (they return views that share memory)
assert shares(x.view(3, 2), x)
assert shares(x.unsqueeze(0), x) and x.unsqueeze(0).shape == (1, 2, 3)
assert shares(x.transpose(0, 1), x) and shares(x.permute(1, 0), x)
assert shares(x.detach(), x)
assert shares(x[:1].expand(4, 3), x) and shares(x[:1].expand_as(torch.empty(4, 3)), x)

# squeeze: removes all size-1 dimensions by default; a dim can be given
y = torch.zeros(1, 2, 1, 3)
print(y.squeeze().shape, y.squeeze(0).shape, y.squeeze(dim=2).shape)
assert shares(y.squeeze(), y)

# permute returns a view, but with different strides, so it is no longer contiguous
p = x.permute(1, 0)
print(x.stride(), p.stride(), p.is_contiguous())

# contiguous(): returns the tensor itself if already contiguous, copies only if not
assert x.contiguous() is x
assert not shares(p.contiguous(), x)

# reshape: no copy when a view is possible; copies only when it cannot view
assert shares(x.reshape(3, 2), x)
assert not shares(p.reshape(6), x)

# clone: always copies, independent memory
assert not shares(x.clone(), x)
# a non-contiguous tensor whose strides fit: reshape still returns a view, no copy
t = torch.arange(24).view(2, 3, 4).transpose(1, 2)
r = t.reshape(2, 2, 2, 3)
print(t.is_contiguous(), shares(r, t))
assert not t.is_contiguous() and shares(r, t)
print("all checks passed")
views = all(shares(f(x), x) for f in (lambda v: v.view(3, 2), lambda v: v.unsqueeze(0),
                                      lambda v: v.transpose(0, 1), lambda v: v.permute(1, 0),
                                      lambda v: v.detach(), lambda v: v[:1].expand(4, 3)))
# Do the note's three claims hold? (the site labels the claims from this)
note_claims_hold = {
    "tensors-shape-functions-views": views and shares(y.squeeze(), y),
    # the note: reshape copies the data when the tensor is not contiguous
    "tensors-reshape-copies-if-noncontiguous": not shares(r, t),
    "tensors-contiguous-clone-copy": x.contiguous() is x and not shares(p.contiguous(), x) and not shares(x.clone(), x),
}
