assert torch.all(linear_layer.weight == 0.01) and torch.all(linear_layer.bias == 0)

# nn.init 单独有没有起作用：上面的代码先用 .data.fill_ 填了同样的值，在一个新的层上重做
fresh = nn.Linear(in_features=10, out_features=5)
assert not torch.all(fresh.weight == 0.01)  # 默认的随机初始化
nn.init.constant_(fresh.weight, 0.01)
nn.init.zeros_(fresh.bias)
assert torch.all(fresh.weight == 0.01) and torch.all(fresh.bias == 0)
# 它在 no_grad 下修改：参数仍是叶子张量，没有 grad_fn
assert fresh.weight.is_leaf and fresh.weight.grad_fn is None and fresh.weight.requires_grad
