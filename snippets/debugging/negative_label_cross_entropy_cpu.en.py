import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)  # 4 samples, 3 classes

# -100 is cross_entropy's default ignore_index: it is skipped, no error
print(F.cross_entropy(logits, torch.tensor([2, 0, -100, 1])))

# any other negative value (or one >= the number of classes) is out of range; on the GPU it shows up as a device-side assert
try:
    F.cross_entropy(logits, torch.tensor([2, 0, -1, 1]))  # IndexError: Target -1 is out of bounds.
except IndexError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "Target -1 is out of bounds" in str(err)
    raise
