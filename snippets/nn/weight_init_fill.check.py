assert torch.all(linear_layer.weight == 0.01) and torch.all(linear_layer.bias == 0)
