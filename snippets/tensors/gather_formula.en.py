import torch

torch.manual_seed(0)
inp = torch.randn(3, 4, 5)
index = torch.randint(0, 3, (2, 3, 4))  # apart from dim, no dimension of index exceeds input

# official formula:
# out[i][j][k] = input[index[i][j][k]][j][k]  # if dim == 0
# out[i][j][k] = input[i][index[i][j][k]][k]  # if dim == 1
# out[i][j][k] = input[i][j][index[i][j][k]]  # if dim == 2
mismatches = 0
for dim in range(3):
    out = torch.gather(inp, dim, index)
    for i in range(2):
        for j in range(3):
            for k in range(4):
                pos = [i, j, k]
                pos[dim] = index[i][j][k]
                mismatches += int(out[i][j][k] != inp[pos[0]][pos[1]][pos[2]])
    print(f"dim={dim}: out.shape={tuple(out.shape)}, formula holds")

assert mismatches == 0
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = mismatches == 0
