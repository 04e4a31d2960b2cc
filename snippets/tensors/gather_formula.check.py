# 按官方公式逐元素核对三种 dim 的结果
mismatches = 0
for dim in range(3):
    out = torch.gather(inp, dim, index)
    for i in range(2):
        for j in range(3):
            for k in range(4):
                pos = [i, j, k]
                pos[dim] = index[i][j][k]
                mismatches += int(out[i][j][k] != inp[pos[0]][pos[1]][pos[2]])

assert mismatches == 0
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = mismatches == 0
