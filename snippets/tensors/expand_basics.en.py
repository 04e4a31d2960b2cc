import torch

x = torch.tensor([[1], [2], [3]])  # shape (3, 1)
e = x.expand(3, 4)  # the size-1 dim is expanded to 4
print(e)
print(x.expand(-1, 2).shape)  # -1 keeps that dimension's size

# no new memory: the expanded dim has stride 0 and shares storage, it is a view
print(e.stride(), e.data_ptr() == x.data_ptr())
assert e.stride() == (1, 0) and e.data_ptr() == x.data_ptr()

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = e.stride() == (1, 0) and e.data_ptr() == x.data_ptr()
