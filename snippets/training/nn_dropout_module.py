import torch
import torch.nn as nn


# 编者: 笔记原文写作 `Class DropoutFC(nn.Module):`，这里改为 class
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

torch.manual_seed(0)
x = torch.randn(1, 100)
train_zeros = (Net(x) == 0).sum().item()
print("train: zeros =", train_zeros)
Net.eval()  # 会递归地把 self.dropout.training 也设为 False
eval_zeros = (Net(x) == 0).sum().item()
print("eval:  zeros =", (Net(x) == 0).sum().item(), " dropout.training =", Net.dropout.training)

# nn.Dropout 的 forward 就是调用 F.dropout, 并传入 self.training
import inspect

wraps = "F.dropout(input, self.p, self.training" in inspect.getsource(nn.Dropout.forward)
assert wraps and train_zeros > 0 and eval_zeros == 0 and not Net.dropout.training
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = wraps and train_zeros > 0 and eval_zeros == 0
