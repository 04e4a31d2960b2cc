import torch

x = torch.ones(1, requires_grad=True)

print(x.data) # still a tensor
print(x.data.requires_grad) # but already outside the computation graph

y = 2 * x
x.data *= 100 # only the value changes; not recorded in the graph, so backprop is unaffected

y.backward()
print(x) # changing data also changes the tensor's value
print(x.grad)
assert x.item() == 100 and x.grad.item() == 2

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = x.item() == 100 and x.grad.item() == 2 and not x.data.requires_grad
