assert torch.allclose(x.grad, grad_plain)  # 梯度相同
