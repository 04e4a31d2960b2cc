# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "Size does not match at dimension 0" in str(lesson_error) and longer_along_dim.shape == (3, 5)
