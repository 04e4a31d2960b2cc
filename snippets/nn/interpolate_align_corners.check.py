out_false = F.interpolate(src, size=dst_w, mode="linear", align_corners=False)
assert torch.equal(out_default, out_false)  # None 的效果与 False 相同
assert torch.allclose(out_default[0, 0], manual, atol=1e-6)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = torch.equal(out_default, out_false) and torch.allclose(out_default[0, 0], manual, atol=1e-6)
