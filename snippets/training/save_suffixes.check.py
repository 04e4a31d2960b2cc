for path in ("model.pt", "model.pth", "checkpoint.tar", "model.pkl"):
    assert zipfile.is_zipfile(path) and not tarfile.is_tarfile(path)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 这只是约定: .tar 的 checkpoint 也能照常载入
note_claim_holds = list(state.keys()) == list(model.state_dict().keys())
