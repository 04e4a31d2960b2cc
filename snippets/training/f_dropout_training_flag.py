import torch  # 编者加
import torch.nn as nn  # 编者加
import torch.nn.functional as F  # 编者加


# 编者：笔记原文写作 `Class DropoutFC(nn.Module):`，大写的 Class 是 SyntaxError，这里改为 class
class DropoutFC(nn.Module):
   def __init__(self):
       super(DropoutFC, self).__init__()
       self.fc = nn.Linear(100,20)

   def forward(self, input):
       out = self.fc(input)
       out = F.dropout(out, p=0.5, training=self.training) # set dropout's training sate
       return out

Net = DropoutFC()
Net.train()

# train the Net
#作者：雷杰
#链接：https://www.zhihu.com/question/67209417/answer/302434279

# 编者：下面是编者加的：在 train 和 eval 模式下各跑一次，数一数被置零的元素
torch.manual_seed(0)
x = torch.randn(1, 100)
print("train: zeros =", (Net(x) == 0).sum().item())
Net.eval()
print("eval:  zeros =", (Net(x) == 0).sum().item())
