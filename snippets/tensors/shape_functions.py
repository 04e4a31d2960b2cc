import torch

x = torch.arange(6.).view(2, 3)


def shares(a, b):
    # 两个张量是否共享同一块存储
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# 不拷贝数据 (返回视图, 共享内存) 的函数
assert shares(x.view(3, 2), x)
assert shares(x.unsqueeze(0), x) and x.unsqueeze(0).shape == (1, 2, 3)
assert shares(x.transpose(0, 1), x) and shares(x.permute(1, 0), x)
assert shares(x.detach(), x)
assert shares(x[:1].expand(4, 3), x) and shares(x[:1].expand_as(torch.empty(4, 3)), x)

# squeeze: 默认删除所有大小为 1 的维度, 也可以指定 dim
y = torch.zeros(1, 2, 1, 3)
print(y.squeeze().shape, y.squeeze(0).shape, y.squeeze(dim=2).shape)
assert shares(y.squeeze(), y)

# permute 返回视图, 但 stride 变了, 所以不再连续
p = x.permute(1, 0)
print(x.stride(), p.stride(), p.is_contiguous())

# contiguous(): 已经连续时返回自身, 不连续时才拷贝
assert x.contiguous() is x
assert not shares(p.contiguous(), x)

# reshape: 能返回视图时不拷贝; 不连续且无法 view 时才拷贝
assert shares(x.reshape(3, 2), x)
assert not shares(p.reshape(6), x)

# clone: 总是拷贝, 独立内存
assert not shares(x.clone(), x)
print("all checks passed")
