assert torch.cuda.device_count() <= 1
