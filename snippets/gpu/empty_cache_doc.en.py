import torch

# torch.cuda.empty_cache's own docs: it only gives back unoccupied cached memory and does not give PyTorch more usable memory
doc = " ".join(torch.cuda.empty_cache.__doc__.split())
print(doc.split(".")[0] + ".")
assert "Release all unoccupied cached memory" in doc
assert "doesn't increase the amount of GPU memory available for PyTorch" in doc
