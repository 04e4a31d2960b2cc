import tarfile
import zipfile

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(4, 2)

# 后缀只是约定：.pt / .pth / .tar / .pkl 写出的都是同一种格式
for path in ("model.pt", "model.pth", "checkpoint.tar", "model.pkl"):
    torch.save(model.state_dict(), path)
    print(f"{path:15s} zip: {zipfile.is_zipfile(path)}  tar: {tarfile.is_tarfile(path)}")

# torch.load 不看后缀
state = torch.load("checkpoint.tar")
print(list(state.keys()))
