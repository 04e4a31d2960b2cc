# 重做课程代码里的六次训练, 逐个检查 layer4 的权值
decays_without_grad = False
for opt_class in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW):
    for layer4_weight in (None, 0.0):
        grad, before, after = layer4_norm_after(opt_class, layer4_weight)
        if grad is None:
            assert after == before  # 梯度为 None 的参数被优化器跳过，weight decay 也不起作用
            decays_without_grad = decays_without_grad or after < before
        else:
            assert after < before  # 梯度是全 0 张量时，weight decay 仍然让权值变小

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: layer4 没有梯度回传, weight_decay 仍让它的权值趋向于 0 (实际上梯度为 None 时不会)
note_claim_holds = decays_without_grad
