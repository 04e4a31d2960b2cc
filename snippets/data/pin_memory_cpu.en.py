import inspect
import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.arange(8).float())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loader = DataLoader(dataset, batch_size=4, pin_memory=True)
    (batch,) = next(iter(loader))

# Without a GPU (or another accelerator) pin_memory=True has no effect, apart from a warning
print("accelerator:", torch.accelerator.is_available())
print("is_pinned:", batch.is_pinned())
for w in caught:
    print(f"{w.category.__name__}: {w.message}")

# pin_memory defaults to False
print(inspect.signature(DataLoader).parameters["pin_memory"].default)
assert inspect.signature(DataLoader).parameters["pin_memory"].default is False

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = inspect.signature(DataLoader).parameters["pin_memory"].default is False
