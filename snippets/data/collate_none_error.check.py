# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = str(lesson_error) == "batch must contain tensors, numbers, dicts or lists; found <class 'NoneType'>"
