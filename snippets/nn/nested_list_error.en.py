import torch.nn as nn

nstack = 2
# the inner level is a plain list, not wrapped in nn.ModuleList: error
outs = nn.ModuleList([[nn.Conv2d(128, 16, 1) for j in range(4)] for i in range(nstack)])
