import torch

a = torch.ones(3, 1, 5)
b = torch.ones(4, 5)
print((a + b).shape)  # compare right to left: 5=5, 1->4, b's missing dim counts as 1
assert (a + b).shape == (3, 4, 5)

# broadcasting does not really copy data: expanded dims have stride 0 and point at the original
a2, b2 = torch.broadcast_tensors(a, b)
print(a2.shape, a2.stride())
print(b2.shape, b2.stride())
assert a2.stride(1) == 0 and b2.stride(0) == 0
assert a2.data_ptr() == a.data_ptr()

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "tensors-broadcast-rules": (a + b).shape == (3, 4, 5),
    "tensors-broadcast-no-copy": a2.stride(1) == 0 and b2.stride(0) == 0 and a2.data_ptr() == a.data_ptr(),
}
