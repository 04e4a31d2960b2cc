# 笔记的说法是否成立（本站据此标注核查结果）：不传 pin_memory 时 DataLoader 不锁页
note_claim_holds = DataLoader(dataset, batch_size=4).pin_memory is False
# 对照：显式传 pin_memory=True 的 DataLoader
note_claim_control = DataLoader(dataset, batch_size=4, pin_memory=True).pin_memory is False
