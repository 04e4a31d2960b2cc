# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "Target -1 is out of bounds" in str(lesson_error)
