import torch  # 编者加
import torch.nn as nn  # 编者加


# 编者：笔记原文写作 `Class DropoutFC(nn.Module):`，这里改为 class
class DropoutFC(nn.Module):
  def __init__(self):
      super(DropoutFC, self).__init__()
      self.fc = nn.Linear(100,20)
      self.dropout = nn.Dropout(p=0.5)

  def forward(self, input):
      out = self.fc(input)
      out = self.dropout(out)
      return out
Net = DropoutFC()
Net.train()

# train the Net

# 编者：下面是编者加的：在 train 和 eval 模式下各跑一次，数一数被置零的元素
torch.manual_seed(0)
x = torch.randn(1, 100)
train_zeros = (Net(x) == 0).sum().item()
print("train: zeros =", train_zeros)
Net.eval()  # 会递归地把 self.dropout.training 也设为 False
print("eval:  zeros =", (Net(x) == 0).sum().item(), " dropout.training =", Net.dropout.training)
