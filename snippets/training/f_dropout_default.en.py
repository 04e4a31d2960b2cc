import inspect

import torch
import torch.nn as nn
import torch.nn.functional as F

# the training argument of F.dropout defaults to True
print(inspect.signature(F.dropout))
assert inspect.signature(F.dropout).parameters["training"].default is True


class Forgetful(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(100, 20)

    def forward(self, input):
        return F.dropout(self.fc(input), p=0.5)  # forgot to pass training=self.training


torch.manual_seed(0)
net = Forgetful().eval()
x = torch.randn(1, 100)
# even after model.eval() dropout keeps dropping activations, so test outputs change every call
print("eval: zeros =", (net(x) == 0).sum().item(), " same output twice:", torch.equal(net(x), net(x)))
no_effect = torch.equal(net(x), net(x))
assert not no_effect

# the note's `Class DropoutFC(nn.Module):` (capital C) is a syntax error in Python
try:
    compile("Class DropoutFC(nn.Module):\n    pass\n", "<note>", "exec")
    class_compiles = True
except SyntaxError as err:
    print("SyntaxError:", err.msg)
    class_compiles = False

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    # the note: without the training argument it is out=out, no effect
    "training-f-dropout-flag": no_effect,
    "training-class-typo": class_compiles,
}
