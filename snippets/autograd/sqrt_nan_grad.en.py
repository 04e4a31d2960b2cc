import torch

x1 = torch.tensor(1.0, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
t1, t2 = torch.tensor(1.0), torch.tensor(2.0)  # the prediction equals the target: distance 0

# https://github.com/pytorch/pytorch/issues/2421
norm = torch.sqrt((x1 - t1)**2 + (x2 - t2)**2)
norm.backward()
print(norm.item(), x1.grad, x2.grad)  # the gradient is nan
assert torch.isnan(x1.grad) and torch.isnan(x2.grad)

# why: sqrt's derivative at 0 is inf; times the derivative of (x1 - t1)**2 at 0, which is 0: 0 * inf = nan
s = torch.tensor(0.0, requires_grad=True)
torch.sqrt(s).backward()
print(s.grad)
assert torch.isinf(s.grad)

# use torch.norm (or torch.linalg.vector_norm) instead: it returns the subgradient 0 at 0, no nan
x1.grad = x2.grad = None
norm = torch.norm(torch.stack([x1 - t1, x2 - t2]))
norm.backward()
print(norm.item(), x1.grad, x2.grad)
assert x1.grad == 0 and x2.grad == 0

# the note's own form: .norm(dim=0) of the difference vector, same effect
x1.grad = x2.grad = None
norm = (torch.stack((x1, x2)) - torch.stack((t1, t2))).norm(dim=0)
norm.backward()
print(norm.item(), x1.grad, x2.grad)
assert x1.grad == 0 and x2.grad == 0

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "autograd-sqrt-nan-at-zero": bool(torch.isnan(s.grad)),  # is sqrt's gradient at 0 nan? (it is inf)
    "autograd-norm-instead-of-sqrt": not (torch.isnan(x1.grad) or torch.isnan(x2.grad)),
}
