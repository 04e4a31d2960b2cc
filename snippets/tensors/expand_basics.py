import torch

x = torch.tensor([[1], [2], [3]])  # 形状 (3, 1)
e = x.expand(3, 4)  # 大小为 1 的维扩展到 4
print(e)
print(x.expand(-1, 2).shape)  # -1 表示保持该维大小不变

# 不分配新内存：扩展出的维 stride 为 0，与原张量共享存储，是一个视图
print(e.stride(), e.data_ptr() == x.data_ptr())
