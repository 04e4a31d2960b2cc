import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


model = nn.DataParallel(Net())
path_to_file = "net.pth"

################## 更简单直接的方式 ##################
# Instead of deleting the “module.” string from all the state_dict keys, you can save your model with:

torch.save(model.module.state_dict(), path_to_file)
# instead of

# torch.save(model.state_dict(), path_to_file)  # 编者: 注释掉, 这是“不要这样写”的那一行

# that way you don’t get the “module.” string to begin with…
keys = list(torch.load(path_to_file).keys())
print(keys)
Net().load_state_dict(torch.load(path_to_file))  # 直接载入到普通模型

assert all(k.startswith("module.") for k in model.state_dict())
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not any(k.startswith("module.") for k in keys)
