import copy

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
x, y = torch.randn(64, 16), torch.randn(64, 4)

def train(impl):
    m = copy.deepcopy(model)
    # foreach=False: a loop over parameters (the old way); foreach=True: many parameters per kernel; fused=True: one fused kernel
    opt = torch.optim.Adam(m.parameters(), lr=1e-2, **impl)
    for _ in range(5):
        opt.zero_grad()
        torch.nn.functional.mse_loss(m(x), y).backward()
        opt.step()
    return m

ref = train({"foreach": False})
fused_matches = False
for impl in ({"foreach": True}, {"fused": True}):
    m = train(impl)
    same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(ref.parameters(), m.parameters()))
    print(impl, same)
    assert same  # the same result, only faster
    fused_matches = same and "fused" in impl

# Does the note's claim hold? (the site labels the claim from this)
# the note: native Adam loops over parameters, so use Apex's FusedAdam for speed. Native Adam has a fused implementation with the same results
note_claim_holds = not fused_matches
