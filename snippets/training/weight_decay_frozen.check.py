# 实验：重做课程代码里的训练，看 layer4 的权值是否被任何一个优化器 (SGD、Adam、AdamW) 衰减
def decayed_by_any_optimizer(layer4_weight, expected_grad):
    decayed = False
    for opt_class in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
        grad, before, after = layer4_norm_after(opt_class, layer4_weight)
        assert (grad is None) == (expected_grad is None)  # layer4 的梯度确实是 None / 全 0 张量
        decayed = decayed or after < before
    return decayed


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：layer4 没有梯度回传（.grad 为 None），weight_decay 仍让它的权值变小
note_claim_holds = decayed_by_any_optimizer(None, expected_grad=None)
# 对照：同样的测量用在梯度是全 0 张量的 layer4 上（它的输出以权重 0 进入损失）
note_claim_control = decayed_by_any_optimizer(0.0, expected_grad=0.0)
