import torch

# a CPU-only build of torch (the pip +cpu wheel, or the CPU build conda took from `main`)
print(torch.__version__, torch.backends.cuda.is_built())

x = torch.zeros(1)
x = x.cuda()  # on a CPU-only torch: AssertionError: Torch not compiled with CUDA enabled
