import torch

# view does not strictly need contiguity: it works whenever the new shape fits the strides
t = torch.arange(24).view(2, 3, 4).transpose(1, 2)  # shape (2, 4, 3), non-contiguous
print(t.is_contiguous())
v = t.view(2, 2, 2, 3)  # only splits a dimension, merges none across strides: works
print(v.shape, v.data_ptr() == t.data_ptr())
assert not t.is_contiguous() and v.data_ptr() == t.data_ptr()

# Does the note's claim hold? (the site labels the claim from this)
# the note: view can only be used on contiguous tensors
note_claim_holds = not (not t.is_contiguous() and v.data_ptr() == t.data_ptr())
