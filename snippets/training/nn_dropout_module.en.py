import torch
import torch.nn as nn


# The note writes `Class DropoutFC(nn.Module):`; fixed to class here
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
print("train: zeros =", (Net(x) == 0).sum().item())
Net.eval()  # recursively sets self.dropout.training to False as well
print("eval:  zeros =", (Net(x) == 0).sum().item(), " dropout.training =", Net.dropout.training)
