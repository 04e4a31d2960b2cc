import torch

# cuDNN
print(torch.backends.cudnn.version())       # version (None when there is no cuDNN)
print(torch.backends.cudnn.is_available())  # available?
print(torch.backends.cudnn.enabled)         # enabled?

# CUDA
print(torch.backends.cuda.is_built())  # is this a CUDA-enabled build of PyTorch?
print(torch.cuda.is_available())       # can CUDA actually be used (driver and GPU present)?

# is_built() == True does not mean CUDA is usable; but usable CUDA implies a CUDA build
assert torch.cuda.is_available() <= torch.backends.cuda.is_built()

# Does the note's claim hold? (the site labels the claim from this)
# is_built() only says the build supports cuda; its docstring says so too
note_claim_holds = (torch.cuda.is_available() <= torch.backends.cuda.is_built()
                    and "doesn't necessarily mean CUDA is available" in torch.backends.cuda.is_built.__doc__)
