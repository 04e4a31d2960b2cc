import torch  # 编者加
import torch.nn as nn  # 编者加


# 编者：补上 Net、用 nn.DataParallel 包装的 model 和 path_to_file，让代码能单独运行
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


model = nn.DataParallel(Net())  # 编者加
path_to_file = "net.pth"  # 编者加

################## 更简单直接的方式 ##################
# Instead of deleting the “module.” string from all the state_dict keys, you can save your model with:

torch.save(model.module.state_dict(), path_to_file)
# instead of

# torch.save(model.state_dict(), path_to_file)  # 编者：注释掉，这是“不要这样写”的那一行

# that way you don’t get the “module.” string to begin with…
# 编者：读回保存的键名，再载入到普通模型
keys = list(torch.load(path_to_file).keys())
print(keys)
Net().load_state_dict(torch.load(path_to_file))  # 直接载入到普通模型
