# 实验：在模块上调用某个方法，看它能否被调用
def mode_call_works(module, name):
    try:
        getattr(module, name)()
    except AttributeError:
        return False
    return True


# 实验：丢弃概率为 p 的 Dropout 在训练模式下，保留下来的激活是否都被放大 1/p 倍
def kept_scaled_by_one_over_p(p):
    torch.manual_seed(0)
    out_p = nn.Dropout(p=p).train()(torch.ones(1, 1000))
    kept = out_p[out_p != 0]
    return kept.numel() > 0 and torch.allclose(kept, torch.full_like(kept, 1 / p))


assert out.shape == (1, 10)

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：model.val()
    "training-model-val": mode_call_works(nn.Dropout(), "val"),
    # 笔记：训练时激活值被放大 1./p 倍（p=0.2 时应为 5）
    "training-dropout-scale": kept_scaled_by_one_over_p(0.2),
}
# 对照：同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # 评估模式真正的方法 eval()
    "training-model-val": mode_call_works(nn.Dropout(), "eval"),
    # p=0.5 时 1/p 与 1/(1-p) 都是 2
    "training-dropout-scale": kept_scaled_by_one_over_p(0.5),
}
