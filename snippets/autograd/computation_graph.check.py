# 验证：与笔记中打印的梯度一致（容差 1e-6），也与手算的解析梯度一致
import math


def matches_note(z, X1, X2):
    # z 与 dz/dX1、dz/dX2 是否与笔记打印的数值一致（相对误差 1e-6）
    return (math.isclose(z.item(), 0.2528530955314636, rel_tol=1e-6)
            and math.isclose(X1.grad.item(), 0.07056000083684921, rel_tol=1e-6)
            and math.isclose(X2.grad.item(), -1.7267885208129883, rel_tol=1e-6))


# z = log(x1*x2) * sin(x2): dz/dx1 = sin(x2)/x1, dz/dx2 = sin(x2)/x2 + log(x1*x2)*cos(x2)
assert math.isclose(X1.grad.item(), math.sin(3) / 2, rel_tol=1e-6)
assert math.isclose(X2.grad.item(), math.sin(3) / 3 + math.log(6) * math.cos(3), rel_tol=1e-6)
# 叶子节点：用户创建的张量；中间结果不是叶子
assert not a.is_leaf and not w.is_leaf

# 对照：笔记公式最后一步写成了加号，z = log(x1*x2) + sin(x2)；同样的测量
C1 = torch.tensor(2.0, requires_grad=True)
C2 = torch.tensor(3.0, requires_grad=True)
plus = torch.log(C1 * C2) + torch.sin(C2)
plus.backward()

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = matches_note(z, X1, X2) and X1.is_leaf and X2.is_leaf
note_claim_control = matches_note(plus, C1, C2) and C1.is_leaf and C2.is_leaf
