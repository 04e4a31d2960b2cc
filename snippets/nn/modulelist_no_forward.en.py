import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Linear(4, 8), nn.ReLU()])
try:
    layers(torch.randn(2, 4))  # ModuleList has no forward(); it cannot be called directly
except NotImplementedError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = 'missing the required "forward" function' in str(err)
    raise
