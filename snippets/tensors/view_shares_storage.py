import numpy as np
import torch

x = torch.arange(6)
v = x.view(2, 3)
print(x)  # view() 本身不改变原张量的形状和数值

v[0, 0] = 100  # 但 view 与原张量共享内存：改 v 就是改 x
print(x)

# 推荐做法：先 clone() 再 view()，副本与原张量互不影响
c = x.clone().view(2, 3)
c[0, 0] = -1

# reshape 能 view 时就返回视图（共享内存），不能时才拷贝
r = x.reshape(3, 2)
t = x.view(2, 3).t()  # 转置后不连续
r2 = t.reshape(6)  # 这里只能拷贝

# numpy 的 reshape 同样尽量返回视图，也会共享内存
n = np.arange(6)
m = n.reshape(2, 3)
m[0, 0] = 100
print(n)
