import torch

x = torch.arange(6.).view(2, 3)


def shares(a, b):
    # 两个张量是否共享同一块存储
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# squeeze：默认删除所有大小为 1 的维度，也可以指定 dim
y = torch.zeros(1, 2, 1, 3)
print(y.squeeze().shape, y.squeeze(0).shape, y.squeeze(dim=2).shape)

# permute 返回视图，但 stride 变了，所以不再连续
p = x.permute(1, 0)
print(x.stride(), p.stride(), p.is_contiguous())

# stride 兼容的不连续张量：reshape 仍返回视图，不拷贝
t = torch.arange(24).view(2, 3, 4).transpose(1, 2)
r = t.reshape(2, 2, 2, 3)
print(t.is_contiguous(), shares(r, t))
