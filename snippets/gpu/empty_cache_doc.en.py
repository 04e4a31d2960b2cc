import torch

# torch.cuda.empty_cache's own docs: it only gives back unoccupied cached memory and does not give PyTorch more usable memory
doc = " ".join(torch.cuda.empty_cache.__doc__.split())
print(doc.split(".")[0] + ".")
assert "Release all unoccupied cached memory" in doc
assert "doesn't increase the amount of GPU memory available for PyTorch" in doc

# Does the note's claim hold? (the site labels the claim from this)
# the note: calling empty_cache() periodically fixes a slowing loop. The docs say it does not increase the memory PyTorch can use
note_claim_holds = "doesn't increase the amount of GPU memory available for PyTorch" not in doc
