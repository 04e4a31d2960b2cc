import torch

# = only binds a new name to the same tensor: changing b changes a
a = torch.zeros(3)
b = a
b[0] = 1
print(a)
assert a[0] == 1

# whenever you would use =, add .clone(): you get an independent copy
c = a.clone()
c[1] = 2
print(a, c)
assert a[1] == 0

# clone is recorded in the graph; gradients flow back to the original tensor
x = torch.ones(3, requires_grad=True)
y = x.clone()
(y * 2).sum().backward()
print(x.grad, type(y.grad_fn).__name__)
clone_tracked = torch.equal(x.grad, torch.full((3,), 2.))
assert clone_tracked

# correction: copy_ is recorded by autograd too; gradients flow back to the source tensor
x.grad = None
d = torch.zeros(3)
d.copy_(x)  # copy x's values into d in place
(d * 3).sum().backward()
print(x.grad, type(d.grad_fn).__name__)
copy_tracked = d.requires_grad and torch.equal(x.grad, torch.full((3,), 3.))
assert copy_tracked

# when you really want a copy without gradient history, use detach().clone()
e = x.detach().clone()
print(e.requires_grad)
assert not e.requires_grad

# Does the note's claim hold? (the site labels the claim from this)
# the note: copy_() does not track gradients, clone does
note_claim_holds = clone_tracked and not copy_tracked
