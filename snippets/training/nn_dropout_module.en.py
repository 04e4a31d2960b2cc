import torch
import torch.nn as nn


# Editor: the note writes `Class DropoutFC(nn.Module):`; fixed to class here
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
Net.eval()  # recursively sets self.dropout.training to False as well
eval_zeros = (Net(x) == 0).sum().item()
print("eval:  zeros =", (Net(x) == 0).sum().item(), " dropout.training =", Net.dropout.training)

# nn.Dropout's forward calls F.dropout and passes self.training
import inspect

wraps = "F.dropout(input, self.p, self.training" in inspect.getsource(nn.Dropout.forward)
assert wraps and train_zeros > 0 and eval_zeros == 0 and not Net.dropout.training
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = wraps and train_zeros > 0 and eval_zeros == 0
