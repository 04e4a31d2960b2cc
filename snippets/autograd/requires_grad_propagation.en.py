import torch

x = torch.zeros((1), requires_grad=True)
# if any input requires grad, the outputs computed from it require grad too. Some versions default to false here
# note: a Tensor's requires_grad defaults to False; once a node has requires_grad=True, every node that depends on it has requires_grad=True.
w = torch.ones(1)  # requires_grad=False by default
y = x * 2 + w
z = y.exp()
print(w.requires_grad, x.requires_grad, y.requires_grad, z.requires_grad)
assert not w.requires_grad and y.requires_grad and z.requires_grad

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = not w.requires_grad and x.requires_grad and y.requires_grad and z.requires_grad
