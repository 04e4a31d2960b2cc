# put this at the very top of the file (before importing torch and before any CUDA call)
import os
os.environ["CUDA_VISIBLE_DEVICES"] = "2" # choose the default GPU

import torch

# the program sees only physical GPU 2, and inside the program it is called cuda:0
# (with no third GPU, or no GPU at all, it sees 0 devices)
print(os.environ["CUDA_VISIBLE_DEVICES"])
print(torch.cuda.device_count())
assert torch.cuda.device_count() <= 1
