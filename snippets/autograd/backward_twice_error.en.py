import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward()  # after one backward pass the graph's saved intermediate values are freed by default
print(x.grad)
try:
    y.backward()  # second backward pass: error
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "backward through the graph a second time" in str(err)
    raise
