import traceback

import torch

# the same code on the CPU: a clear error, raised at the line that is wrong
labels = torch.tensor([2, 0, -1, 1])  # a negative value in the labels (target, gt)
onehot = torch.zeros(4, 3)
try:
    onehot.scatter_(1, labels.unsqueeze(1), 1.0)  # RuntimeError: index -1 is out of bounds for dimension 1 with size 3
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = ("index -1 is out of bounds for dimension 1 with size 3" in str(err)
                        and "scatter_" in traceback.extract_tb(err.__traceback__)[0].line)
    raise
