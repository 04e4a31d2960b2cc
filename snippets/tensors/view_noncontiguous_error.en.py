import torch

x = torch.arange(6).view(2, 3)
t = x.t()  # after a transpose (or permute) the tensor is no longer contiguous
print(t.is_contiguous())
print(t.contiguous().view(6))  # the fix: call contiguous() first, or use reshape()
t.view(6)  # RuntimeError
