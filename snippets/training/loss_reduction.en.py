import warnings

import torch
import torch.nn as nn

output = torch.ones(2, 2, requires_grad=True) * 0.5
target = torch.ones(2, 2)

# today: reduction is one of 'none' | 'mean' | 'sum'
for reduction in ("none", "mean", "sum"):
    print(reduction, nn.MSELoss(reduction=reduction)(output, target))

# 'elementwise_mean' is the old name of 'mean'; it still works but warns that it is deprecated
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss = nn.MSELoss(reduction='elementwise_mean')(output, target)
print(loss)
print(caught[0].message)
assert loss.item() == 0.25 and "deprecated" in str(caught[0].message)

# Does the note's claim hold? (the site labels the claim from this)
# the note: 'elementwise_mean' is one of reduction's values (today it is an old name that warns)
note_claim_holds = not any("deprecated" in str(w.message) for w in caught)
