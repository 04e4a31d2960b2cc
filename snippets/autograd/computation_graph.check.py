# 验证: 与笔记中打印的梯度一致 (容差 1e-6), 也与手算的解析梯度一致
import math
assert math.isclose(z.item(), 0.2528530955314636, rel_tol=1e-6)
assert math.isclose(X1.grad.item(), 0.07056000083684921, rel_tol=1e-6)
assert math.isclose(X2.grad.item(), -1.7267885208129883, rel_tol=1e-6)
# z = log(x1*x2) * sin(x2): dz/dx1 = sin(x2)/x1, dz/dx2 = sin(x2)/x2 + log(x1*x2)*cos(x2)
assert math.isclose(X1.grad.item(), math.sin(3) / 2, rel_tol=1e-6)
assert math.isclose(X2.grad.item(), math.sin(3) / 3 + math.log(6) * math.cos(3), rel_tol=1e-6)
# 叶子节点: 用户创建的张量; 中间结果不是叶子
assert X1.is_leaf and X2.is_leaf and not a.is_leaf and not w.is_leaf

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = (math.isclose(z.item(), 0.2528530955314636, rel_tol=1e-6)
                    and math.isclose(X1.grad.item(), 0.07056000083684921, rel_tol=1e-6)
                    and math.isclose(X2.grad.item(), -1.7267885208129883, rel_tol=1e-6)
                    and X1.is_leaf and X2.is_leaf)
