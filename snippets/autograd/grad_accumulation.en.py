import torch

# Editor: x and the first backward pass are added so that the code runs on its own
x = torch.ones(2, 2, requires_grad=True)
out = x.sum()
out.backward()  # first backward pass
print(x.grad)

# backward once more; note that grad accumulates
out2 = x.sum()
out2.backward()
print(x.grad)
accumulated = torch.equal(x.grad, torch.full((2, 2), 2.))  # 1 + 1: the second gradient is added to the first
assert accumulated

out3 = x.sum()
x.grad.data.zero_()  # zero it (nowadays usually x.grad.zero_() or x.grad = None)
out3.backward()
print(x.grad)
assert torch.equal(x.grad, torch.ones(2, 2))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = accumulated and torch.equal(x.grad, torch.ones(2, 2))
