import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward(retain_graph=True)  # keep the graph
g1 = x.grad.clone()
y.backward()  # the second pass now works, and the gradients accumulate
print(g1, x.grad)
assert torch.allclose(x.grad, 2 * g1)
