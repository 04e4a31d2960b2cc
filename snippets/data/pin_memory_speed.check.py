# 笔记的说法是否成立 (本站据此标注核查结果): 锁页内存中的 Tensor 转到显存更快吗?
note_claim_holds = pinned_ms < pageable_ms
