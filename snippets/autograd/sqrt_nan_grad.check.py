# sqrt 写法在距离为 0 时梯度为 nan: 在新的 x1, x2 上重做 (上面的代码后来把 x1.grad, x2.grad 清空重算了)
fresh1 = torch.tensor(1.0, requires_grad=True)
fresh2 = torch.tensor(2.0, requires_grad=True)
torch.sqrt((fresh1 - t1)**2 + (fresh2 - t2)**2).backward()
assert torch.isnan(fresh1.grad) and torch.isnan(fresh2.grad)

assert torch.isinf(s.grad)

# torch.norm 写法的梯度为 0: 同样在新的 x1, x2 上重做
fresh1 = torch.tensor(1.0, requires_grad=True)
fresh2 = torch.tensor(2.0, requires_grad=True)
torch.norm(torch.stack([fresh1 - t1, fresh2 - t2])).backward()
assert fresh1.grad == 0 and fresh2.grad == 0

assert x1.grad == 0 and x2.grad == 0  # 笔记原文的 .norm(dim=0) 写法

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "autograd-sqrt-nan-at-zero": bool(torch.isnan(s.grad)),  # sqrt 在 0 处的梯度是 nan 吗? (实为 inf)
    "autograd-norm-instead-of-sqrt": not (torch.isnan(x1.grad) or torch.isnan(x2.grad)),
}
