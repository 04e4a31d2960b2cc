import torch
import torch.nn as nn
import torch.nn.functional as F


# Editor: the note writes `Class DropoutFC(nn.Module):`; a capital-C Class is a SyntaxError, fixed to class here
class DropoutFC(nn.Module):
   def __init__(self):
       super(DropoutFC, self).__init__()
       self.fc = nn.Linear(100,20)

   def forward(self, input):
       out = self.fc(input)
       out = F.dropout(out, p=0.5, training=self.training) # set dropout's training state
       return out

Net = DropoutFC()
Net.train()

# train the Net
# Author: 雷杰 (Lei Jie)
# Link: https://www.zhihu.com/question/67209417/answer/302434279

torch.manual_seed(0)
x = torch.randn(1, 100)
print("train: zeros =", (Net(x) == 0).sum().item())
Net.eval()
print("eval:  zeros =", (Net(x) == 0).sum().item())
assert torch.equal(Net(x), Net.fc(x))  # in eval mode dropout does nothing
