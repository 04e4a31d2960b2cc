import torch

# read torch's own docstring: torch.cuda.set_device is discouraged
doc = torch.cuda.set_device.__doc__
print(doc.strip().splitlines()[2].strip())
print(doc.strip().splitlines()[3].strip())
assert "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc
