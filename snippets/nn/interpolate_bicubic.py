# 编者：补上导入、hmps (shape=(N, C, H, W) 的热图张量) 和代替原代码中命令行参数的 args
from types import SimpleNamespace
import torch
torch.manual_seed(0)
hmps = torch.randn(2, 17, 16, 16)
args = SimpleNamespace(square_length=64)

sizeHW = (args.square_length, args.square_length)  # 设square_length是hmps的4倍
hmps1 = torch.nn.functional.interpolate(hmps, size=sizeHW, mode="bicubic")
hmps2 = torch.nn.functional.interpolate(hmps, scale_factor=4, mode="bicubic")
# 编者：原文把下一行行末的说明直接写在语句后面（没有 #），这里改成注释，并打印 t 和 hmps1 的形状
t = (hmps1==hmps2).all()  # >>> 将输出一个为True的Tensor
print(t)
print(hmps1.shape)  # 只缩放最后两个维度，N 和 C 不变

# 编者：3-D 张量 (C, H, W)：先扩展出 batch 维，缩放后再去掉
hmp3d = hmps[0]
up = torch.nn.functional.interpolate(hmp3d.unsqueeze(0), scale_factor=4, mode="bicubic").squeeze(0)
print(up.shape)
