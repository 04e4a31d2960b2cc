assert inspect.signature(DataLoader).parameters["pin_memory"].default is False

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = inspect.signature(DataLoader).parameters["pin_memory"].default is False
