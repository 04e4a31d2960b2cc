assert model.weight.device == x.device == y.device  # 模型、输入、输出都在选定的设备上
assert (y.device.type == "cuda") == torch.cuda.is_available()  # 有 GPU 时用了 GPU，没有时在 CPU 上
assert y.shape == (3, 2)
