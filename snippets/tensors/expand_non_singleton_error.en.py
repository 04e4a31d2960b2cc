import torch

x = torch.zeros(2, 3)
# a dimension whose size is not 1 (here 2) cannot be expanded
try:
    x.expand(4, 3)
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "must match the existing size (2) at non-singleton dimension 0" in str(err) and x.expand(-1, 3).shape == (2, 3)
    raise
