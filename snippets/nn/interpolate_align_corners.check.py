out_false = F.interpolate(src, size=dst_w, mode="linear", align_corners=False)
assert torch.equal(out_default, out_false)  # None 的效果与 False 相同

# 笔记的说法是否成立 (本站据此标注核查结果): 默认结果与按公式手工插值的结果一致
note_claim_holds = torch.allclose(out_default[0, 0], manual, atol=1e-6)
# 对照: 同样的比较用在 align_corners=True 的结果上
note_claim_control = torch.allclose(out_true[0, 0], manual, atol=1e-6)

# 给的是 scale_factor 而不是 size 时, PyTorch 用 1/scale_factor 代替 srcWidth/dstWidth:
# 15 个像素放大 1.5 倍得到 22 个, 两者不同, 结果也不同 (recompute_scale_factor=True 时相同)
src15 = torch.randn(1, 1, 15)
by_size = F.interpolate(src15, size=22, mode="linear")
assert not torch.equal(by_size, F.interpolate(src15, scale_factor=1.5, mode="linear"))
assert torch.equal(by_size, F.interpolate(src15, scale_factor=1.5, mode="linear", recompute_scale_factor=True))
