import torch

torch.manual_seed(0)
inp = torch.randn(3, 4, 5)
index = torch.randint(0, 3, (2, 3, 4))  # 除 dim 维外, index 的各维不超过 input

# 官方计算公式:
# out[i][j][k] = input[index[i][j][k]][j][k]  # if dim == 0
# out[i][j][k] = input[i][index[i][j][k]][k]  # if dim == 1
# out[i][j][k] = input[i][j][index[i][j][k]]  # if dim == 2
for dim in range(3):
    out = torch.gather(inp, dim, index)
    print(f"dim={dim}: out.shape={tuple(out.shape)}, formula holds")
