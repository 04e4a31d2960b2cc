import torch

a = torch.ones(3, 1, 5)
b = torch.ones(4, 5)
print((a + b).shape)  # 从右往左对比: 5=5, 1->4, b 缺的维度补 1

# 广播并不真正复制数据: 扩展出来的维度 stride 为 0, 仍指向原始数据
a2, b2 = torch.broadcast_tensors(a, b)
print(a2.shape, a2.stride())
print(b2.shape, b2.stride())
