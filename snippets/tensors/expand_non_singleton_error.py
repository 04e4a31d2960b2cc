import torch

x = torch.zeros(2, 3)
# 原来大小不为 1 的维（这里是 2）不能扩展
x.expand(4, 3)
