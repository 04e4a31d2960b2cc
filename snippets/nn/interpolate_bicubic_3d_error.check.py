# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "got 3D" in str(lesson_error) and "got bicubic" in str(lesson_error)
