assert out.dtype == torch.float16 and model.weight.dtype == torch.float32
