import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 64))
x = torch.randn(8, 64, requires_grad=True)

# plain forward: keeps every intermediate output inside block for the backward pass
block(x).sum().backward()
grad_plain = x.grad.clone()
x.grad = None

# checkpoint: does not keep block's intermediate outputs in the forward pass, recomputes them in backward (compute for memory)
checkpoint(block, x, use_reentrant=False).sum().backward()
print(torch.allclose(x.grad, grad_plain))
assert torch.allclose(x.grad, grad_plain)  # the same gradient
