import tarfile
import zipfile

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(4, 2)

# the suffix is only a convention: .pt / .pth / .tar / .pkl all hold the same format
for path in ("model.pt", "model.pth", "checkpoint.tar", "model.pkl"):
    torch.save(model.state_dict(), path)
    print(f"{path:15s} zip: {zipfile.is_zipfile(path)}  tar: {tarfile.is_tarfile(path)}")
    assert zipfile.is_zipfile(path) and not tarfile.is_tarfile(path)

# torch.load ignores the suffix
state = torch.load("checkpoint.tar")
print(list(state.keys()))

# Does the note's claim hold? (the site labels the claim from this)
# only a convention: a .tar checkpoint loads like any other
note_claim_holds = list(state.keys()) == list(model.state_dict().keys())
