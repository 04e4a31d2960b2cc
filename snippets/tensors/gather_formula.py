import torch

torch.manual_seed(0)
inp = torch.randn(3, 4, 5)
index = torch.randint(0, 3, (2, 3, 4))  # 除 dim 维外, index 的各维不超过 input

# 官方计算公式:
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
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = mismatches == 0
