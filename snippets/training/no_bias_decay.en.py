import torch
import torch.nn as nn
from torch import optim

torch.manual_seed(0)

# by default weight_decay acts on every parameter of the param group, bias included
layer = nn.Linear(4, 4)
nn.init.constant_(layer.bias, 1.0)
optimizer = optim.SGD(layer.parameters(), lr=0.1, weight_decay=0.1)
for p in layer.parameters():
    p.grad = torch.zeros_like(p)  # zero gradient: only weight decay acts
optimizer.step()
print("bias after one step:", layer.bias.detach())
bias_decayed = bool(torch.allclose(layer.bias, torch.full((4,), 0.99)))
assert bias_decayed


class Trainer:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
        self.args = {'lr': 0.01, 'weight_decay': 5e-4}
        self.opti = optim.SGD(
            [
                # no weight decay on the bias parameters; weight decay mainly constrains the
                # layer parameters (weight and bias; L2 regularisation makes them smoother)
                # to reduce overfitting.
                {'params': [param for name, param in self.net.named_parameters()
                            if name[-4:] == 'bias'],
                 'lr': 2 * self.args['lr']},
                {'params': [param for name, param in self.net.named_parameters()
                            if name[-4:] != 'bias'],
                 'lr': self.args['lr'],
                 'weight_decay': self.args['weight_decay']}
            ],
        )  # Editor: the note's code stops here; closing parenthesis added


trainer = Trainer()
for group in trainer.opti.param_groups:
    print(len(group['params']), "params, lr", group['lr'], "weight_decay", group['weight_decay'])

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = bias_decayed
