assert all(k.startswith("module.") for k in model.state_dict())
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not any(k.startswith("module.") for k in keys)
