import copy

# 对照: 同样的两个卷积, 后面不接 BN (同样的比较)
without_bn = torch.allclose(conv_b(x), conv_nb(x), atol=1e-5)

# eval 模式下 BN 减去的是 running_mean: 它在训练中逐步吸收了 bias, 差别随训练步数变小, 但不是 0
bn_b, bn_nb = copy.deepcopy(bn1), copy.deepcopy(bn2)
for _ in range(50):
    xi = torch.randn(8, 3, 16, 16)
    bn_b(conv_b(xi)), bn_nb(conv_nb(xi))
bn_b.eval(), bn_nb.eval()
eval_gap = (bn_b(conv_b(x)) - bn_nb(conv_nb(x))).abs().max().item()
assert 0 < eval_gap < 1e-2

# 笔记的说法是否成立 (本站据此标注核查结果): 训练模式下接 BN 时有无 bias 输出相同
note_claim_holds = torch.allclose(y1, y2, atol=1e-5)
note_claim_control = without_bn
