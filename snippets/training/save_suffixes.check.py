for path in ("model.pt", "model.pth", "checkpoint.tar", "model.pkl"):
    assert zipfile.is_zipfile(path) and not tarfile.is_tarfile(path)

