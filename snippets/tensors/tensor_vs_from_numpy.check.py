assert t1[0] == 0 and t2[0] == 7

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = bool(t1[0] == 0 and t2[0] == 7)
