import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


# 多 GPU 训练时模型被 nn.DataParallel 包装，state_dict 的每个键都多了 "module." 前缀
# （没有 GPU 时 nn.DataParallel 也能构造，键名一样）
model = nn.DataParallel(Net())
print(list(model.state_dict().keys()))
torch.save(model.state_dict(), "myfile.pth.tar")

# 直接载入到没有包装的模型：键名对不上
plain = Net()
plain.load_state_dict(torch.load("myfile.pth.tar"))
