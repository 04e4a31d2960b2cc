assert "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc
