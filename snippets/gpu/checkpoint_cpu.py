import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 64))
x = torch.randn(8, 64, requires_grad=True)

# 普通前向：保存 block 内部所有中间输出，供反向传播使用
block(x).sum().backward()
grad_plain = x.grad.clone()
x.grad = None

# checkpoint：前向时不保存 block 内部的中间输出，反向时重新算一遍（用计算换显存）
checkpoint(block, x, use_reentrant=False).sum().backward()
print(torch.allclose(x.grad, grad_plain))
