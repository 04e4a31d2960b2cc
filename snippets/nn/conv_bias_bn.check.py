assert torch.allclose(y1, y2, atol=1e-5)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = torch.allclose(y1, y2, atol=1e-5)
