import torch

x = torch.ones(2, 2, requires_grad=True)  # track every operation on this tensor
y = (x * 3).sum()
print(y.grad_fn is not None, y.requires_grad)

y.backward()  # gradients are accumulated into x.grad
print(x.grad)
assert torch.equal(x.grad, torch.full((2, 2), 3.))

# detach(): returns a tensor whose history is no longer tracked
d = (x * 3).detach()
print(d.requires_grad)
assert not d.requires_grad

# torch.no_grad(): operations inside the block are not recorded in the graph
with torch.no_grad():
    z = x * 3
print(z.requires_grad)
assert not z.requires_grad

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = y.grad_fn is not None and not d.requires_grad and not z.requires_grad
