import torch

a = torch.arange(1., 10.).view(3, 3)
# along dim=1, index may be longer than input (it just picks repeated elements)
longer_along_dim = a.gather(1, torch.zeros(3, 5, dtype=torch.long))
print(longer_along_dim.shape)
# but in any other dim (here dim 0: 4 > 3) exceeding input raises an error
try:
    a.gather(1, torch.zeros(4, 2, dtype=torch.long))
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "Size does not match at dimension 0" in str(err) and longer_along_dim.shape == (3, 5)
    raise
