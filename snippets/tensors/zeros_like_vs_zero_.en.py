import torch

x = torch.ones(2, 3, dtype=torch.long)

# zeros_like returns a new all-zero tensor; the original is unchanged
z = torch.zeros_like(x)
print(z)
print(x)
zeros_like_cleared_x = x.sum() == 0
assert x.sum() == 6 and z.sum() == 0

# zero_() zeroes the existing tensor in place (trailing underscore = in-place op)
x.zero_()
print(x)
assert x.sum() == 0

print(torch.zeros(2, 3, dtype=torch.long).dtype)

# Does the note's claim hold? (the site labels the claim from this)
# the note: zero_() and zeros_like() both turn an existing matrix into zeros
note_claim_holds = bool(zeros_like_cleared_x) and bool(x.sum() == 0)
