assert torch.allclose(sgd_wd, sgd_l2, atol=1e-6)
assert torch.allclose(adam_wd, adam_l2, atol=1e-6)
assert not torch.allclose(adamw, adam_l2, atol=1e-6)
assert torch.allclose(w.detach(), torch.full((3,), 1 - lr * wd))

# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 笔记的公式 W(t+1)' = W(t+1) - W(t): 一步衰减掉整个 W, 没有 lr·λ 系数
    "training-wd-formula": torch.allclose(w.detach(), torch.zeros(3)),
    "training-sgd-l2-equals-wd": torch.allclose(sgd_wd, sgd_l2, atol=1e-6),
    # 解耦的权值衰减 (AdamW) 与 Adam + L2 结果不同
    "training-adam-l2-coupled": not torch.allclose(adamw, adam_l2, atol=1e-6),
}
