import torch

# the last two dims follow the matrix-product rule (n, m) @ (m, p) -> (n, p),
# but the leading batch dims are still matched by broadcasting
a = torch.ones(3, 1, 2, 4)
b = torch.ones(5, 4, 6)
print(torch.matmul(a, b).shape)
assert torch.matmul(a, b).shape == (3, 5, 2, 6)

# elementwise product (a * b) and matrix product (a @ b) are different things
m = torch.ones(2, 4)
n = torch.ones(4, 2)
print((m @ n).shape)

# Does the note's claim hold? (the site labels the claim from this)
# the note: matrix multiplication does not follow broadcasting
note_claim_holds = torch.matmul(a, b).shape != (3, 5, 2, 6)
