def distance_grads(distance):
    # 预测等于目标 (距离为 0) 时, 用 distance(差向量) 求出的 x1, x2 的梯度
    fresh1 = torch.tensor(1.0, requires_grad=True)
    fresh2 = torch.tensor(2.0, requires_grad=True)
    distance(torch.stack((fresh1, fresh2)) - torch.stack((t1, t2))).backward()
    return fresh1.grad, fresh2.grad


def sqrt_form(diff):
    return torch.sqrt((diff ** 2).sum())


def norm_form(diff):
    return diff.norm(dim=0)


def has_nan(grads):
    return any(bool(torch.isnan(g)) for g in grads)


assert torch.isinf(s.grad)  # sqrt 在 0 处的梯度是 inf
assert x1.grad == 0 and x2.grad == 0  # 笔记原文的 .norm(dim=0) 写法: 次梯度 0
# torch.linalg.vector_norm 也一样
assert not has_nan(distance_grads(torch.linalg.vector_norm))

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # sqrt 在 0 处的梯度是 nan 吗? (实为 inf)
    "autograd-sqrt-nan-at-zero": bool(torch.isnan(s.grad)),
    "autograd-norm-instead-of-sqrt": not has_nan(distance_grads(norm_form)),
}
# 对照: 同样的测量用在 sqrt 写法的整个距离上 (0 * inf): 梯度是 nan; 换不换 norm 的差别也由它看出
note_claims_control = {
    "autograd-sqrt-nan-at-zero": has_nan(distance_grads(sqrt_form)),
    "autograd-norm-instead-of-sqrt": not has_nan(distance_grads(sqrt_form)),
}
