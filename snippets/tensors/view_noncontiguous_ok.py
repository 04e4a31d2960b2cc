import torch

# view 并不严格要求 contiguous：只要新形状与现有 stride 兼容就可以
t = torch.arange(24).view(2, 3, 4).transpose(1, 2)  # 形状 (2, 4, 3)，不连续
print(t.is_contiguous())
v = t.view(2, 2, 2, 3)  # 只拆分维度，不合并跨 stride 的维度：成功
print(v.shape, v.data_ptr() == t.data_ptr())
