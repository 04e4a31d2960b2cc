# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = 'missing the required "forward" function' in str(lesson_error)
