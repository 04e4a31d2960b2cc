assert torch.allclose(x.grad, 2 * g1)
