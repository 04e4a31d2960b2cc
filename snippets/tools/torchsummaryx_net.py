import torch
import torch.nn as nn
import torch.nn.functional as F
from torchsummaryX import summary  # pip install torchsummaryX（1.3.0, 2019 年的最后一个版本）


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = F.relu(self.fc1(x.view(-1, 320)))
        return F.log_softmax(self.fc2(x), dim=1)


table = summary(Net(), torch.zeros(1, 1, 28, 28))  # torchsummaryX 的用法：传入一个输入张量
