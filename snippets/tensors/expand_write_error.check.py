# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 没有 clone() 时, 赋值后所有通道上的 tensor 都会变成 1
note_claim_holds = bool(mask.eq(1).all())
