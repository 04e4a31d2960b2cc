import torch

torch.manual_seed(0)
x = torch.randn(4, requires_grad=True)
y = torch.sigmoid(x)  # sigmoid's backward needs its output y
y.mul_(2)             # y is overwritten in place
# autograd notices and raises, instead of silently computing a wrong gradient:
try:
    y.sum().backward()    # RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "modified by an inplace operation" in str(err)
    raise
