import torch

torch.manual_seed(0)
src = torch.randn(2, 3, 4)
# each row of index comes from randperm: no duplicate positions, so the writes are deterministic
index = torch.stack([torch.randperm(5)[:4] for _ in range(6)]).view(2, 3, 4)

# formula (checked here for dim == 2; the other two work the same way):
# self[index[i][j][k]][j][k] = src[i][j][k]  # if dim == 0
# self[i][index[i][j][k]][k] = src[i][j][k]  # if dim == 1
# self[i][j][index[i][j][k]] = src[i][j][k]  # if dim == 2
out = torch.zeros(2, 3, 5).scatter_(2, index, src)
mismatches = 0
for i in range(2):
    for j in range(3):
        for k in range(4):
            mismatches += int(out[i][j][index[i][j][k]] != src[i][j][k])
print(out.shape)  # the output has the size of self

# the size of index must not exceed src
raised = False
try:
    torch.zeros(2, 3, 5).scatter_(2, index, torch.randn(2, 3, 2))
except RuntimeError as e:
    print(e)
    raised = True
assert raised

assert mismatches == 0
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = mismatches == 0 and raised and out.shape == (2, 3, 5)
