assert t and hmps1.shape == (2, 17, 64, 64)

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = bool(t) and hmps1.shape == (2, 17, 64, 64) and up.shape == (17, 64, 64)
