import torch

# newer torch raises CUDA errors as torch.AcceleratorError, a subclass of RuntimeError,
# so `except RuntimeError` still catches "CUDA error: device-side assert triggered"
print(torch.AcceleratorError.__mro__[:2])
assert issubclass(torch.AcceleratorError, RuntimeError)
