# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "is not a Module subclass" in str(lesson_error)
