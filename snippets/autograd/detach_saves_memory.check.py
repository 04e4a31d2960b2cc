assert ckpt < full and low < full and detached < full

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = ckpt < full and low < full and detached < full
