import torch
import torch.nn as nn

torch.manual_seed(0)
drop = nn.Dropout()
x = torch.ones(1, 10)

# Train mode (default after construction)
drop.train()
print(drop(x))

# Eval mode
drop.eval()
print(drop(x))

# in training the kept activations are scaled by 1/(1-p), not 1/p: 1.25 for p=0.2
drop = nn.Dropout(p=0.2).train()
out = drop(torch.ones(1, 10))
print(out)
kept_values = set(out.unique().tolist())
assert kept_values <= {0.0, 1.25}

# there is no model.val(); eval mode is model.eval()
print(hasattr(nn.Module, "val"), hasattr(nn.Module, "eval"))

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "training-model-val": hasattr(nn.Module, "val"),
    # the note: activations are scaled by 1./p (5 for p=0.2)
    "training-dropout-scale": kept_values <= {0.0, 1 / 0.2},
}
