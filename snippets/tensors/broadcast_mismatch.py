import torch

a = torch.ones(2, 3)
b = torch.ones(4, 3)
# 最右边 3=3 可以匹配；往左 2 与 4 不相等且都不为 1，无法广播
a + b
