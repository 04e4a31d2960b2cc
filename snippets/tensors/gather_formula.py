import torch

torch.manual_seed(0)
inp = torch.randn(3, 4, 5)
index = torch.randint(0, 3, (2, 3, 4))  # 除 dim 维外，index 的各维不超过 input


def by_formula(inp, index, dim):
    # 官方计算公式:
    # out[i][j][k] = input[index[i][j][k]][j][k]  # if dim == 0
    # out[i][j][k] = input[i][index[i][j][k]][k]  # if dim == 1
    # out[i][j][k] = input[i][j][index[i][j][k]]  # if dim == 2
    out = torch.empty(index.shape)
    for i in range(index.shape[0]):
        for j in range(index.shape[1]):
            for k in range(index.shape[2]):
                pos = [i, j, k]
                pos[dim] = index[i][j][k]
                out[i][j][k] = inp[pos[0]][pos[1]][pos[2]]
    return out


for dim in range(3):
    out = torch.gather(inp, dim, index)
    same = torch.equal(out, by_formula(inp, index, dim))
    print(f"dim={dim}: out.shape={tuple(out.shape)}, same as formula: {same}")
