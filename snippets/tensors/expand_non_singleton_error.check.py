# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "must match the existing size (2) at non-singleton dimension 0" in str(lesson_error) and x.expand(-1, 3).shape == (2, 3)
