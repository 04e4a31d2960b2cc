# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "backward through the graph a second time" in str(lesson_error)
