import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(2))  # parameter: updated by the optimizer
        self.register_buffer("running", torch.zeros(2))  # buffer: not updated by the optimizer
        self.plain = torch.zeros(2)  # plain attribute

    def forward(self, x):
        self.running += x.detach().mean()  # buffers are often updated in forward
        return x * self.weight


m = Model()
print([n for n, _ in m.named_parameters()])  # model.parameters()
print([n for n, _ in m.named_buffers()])  # model.buffers()
print(list(m.state_dict().keys()))  # plain attributes are not in the state_dict
saved = list(m.state_dict().keys()) == ["weight", "running"]
assert saved

# moving devices (and conversions such as .double()) only touches registered parameters and buffers;
# the meta device stands in for model.cuda() so this runs on CPU
m.to("meta")
print(m.weight.device, m.running.device, m.plain.device)
moved_registered_only = m.weight.device.type == m.running.device.type == "meta" and m.plain.device.type == "cpu"
assert moved_registered_only

# a buffer is not "only updatable in forward": it can be assigned or changed in place anywhere
m2 = Model()
m2.running.fill_(5.0)
print(m2.state_dict()["running"])
assert torch.equal(m2.running, torch.full((2,), 5.0))
# Do the note's three claims hold? (the site labels the claims from this)
note_claims_hold = {
    "nn-cuda-moves-registered-only": moved_registered_only,
    "nn-state-dict-params-buffers": saved,
    # the note: a buffer can only be updated in forward
    "nn-buffer-only-in-forward": not torch.equal(m2.running, torch.full((2,), 5.0)),
}
