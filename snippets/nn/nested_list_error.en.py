import torch.nn as nn

nstack = 2
# the inner level is a plain list, not wrapped in nn.ModuleList: error
try:
    outs = nn.ModuleList([[nn.Conv2d(128, 16, 1) for j in range(4)] for i in range(nstack)])
except TypeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "is not a Module subclass" in str(err)
    raise
