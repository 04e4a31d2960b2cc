assert issubclass(torch.AcceleratorError, RuntimeError)
