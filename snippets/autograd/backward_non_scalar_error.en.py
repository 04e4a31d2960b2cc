import torch

x = torch.ones(3, requires_grad=True)
y = x * 2  # y is a vector, not a scalar
try:
    y.backward()  # no gradient of y's shape is passed: error
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "grad can be implicitly created only for scalar outputs" in str(err)
    raise
