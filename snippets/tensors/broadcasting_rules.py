import torch

a = torch.ones(3, 1, 5)
b = torch.ones(4, 5)
print((a + b).shape)  # 从右往左对比：5=5, 1->4, b 缺的维度补 1

# broadcast_tensors 给出的广播视图并不复制数据：扩展出来的维度 stride 为 0，仍指向原始数据
a2, b2 = torch.broadcast_tensors(a, b)
print(a2.shape, a2.stride())
print(b2.shape, b2.stride())

# 但不是所有运算都不复制：matmul 的批次维要广播时，会把扩展后的操作数真正复制出来
from torch.profiler import profile

p = torch.randn(20, 1, 1, 1000)
q = torch.randn(20, 1000, 1)
with profile(profile_memory=True) as prof:
    r = p @ q  # 批次维 (20, 1) 与 (20,) 广播成 (20, 20)
# 运算中分配的字节数（各个算子自己分配的内存之和）
allocated = sum(max(e.self_cpu_memory_usage, 0) for e in prof.events())
print(r.shape, r.numel() * r.element_size(), allocated)
