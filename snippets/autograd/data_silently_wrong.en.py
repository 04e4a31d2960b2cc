import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()  # sigmoid's backward needs out itself
c = out.data  # shares data with out, but autograd does not know
c.zero_()  # in-place change: no error
out.sum().backward()
print(a.grad)  # the gradient is wrong (all zeros), and nothing complains

# the correct gradient is sigmoid(a) * (1 - sigmoid(a))
expected = a.detach().sigmoid() * (1 - a.detach().sigmoid())
print(expected)
assert torch.equal(a.grad, torch.zeros(3)) and not torch.allclose(a.grad, expected)

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = not torch.allclose(a.grad, expected)
