import torch

torch.manual_seed(0)
# Editor: x is defined here (the note does not define it)
x = torch.rand(5, 3)

x = x.new_ones(4, 3, dtype=torch.double)
# new all-ones tensor; by default it keeps x's torch.dtype and torch.device
# equivalent to the earlier style: x = torch.ones(4, 3, dtype=torch.double)
print(x)
x = torch.randn_like(x, dtype=torch.float)
# override the dtype
print(x)

# check: without dtype, new_ones inherits the dtype and device of the tensor
y = x.new_ones(2)
assert y.dtype == x.dtype and y.device == x.device

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = y.dtype == x.dtype and y.device == x.device
