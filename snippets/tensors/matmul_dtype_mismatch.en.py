import torch

torch.manual_seed(0)

w = torch.randn(3, 3)  # float32, e.g. a model parameter
x = torch.randn(2, 3, dtype=torch.float64)  # float64, e.g. converted from a numpy array
print((x.float() @ w).dtype)  # the fix: make the dtypes equal first, e.g. x.float() or x.to(w.dtype)
# matrix multiplication does not promote types: float times double raises
x @ w
