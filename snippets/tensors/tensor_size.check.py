assert x.size() == x.shape == torch.Size([4, 3])
