import torch

torch.manual_seed(0)
src = torch.randn(2, 3, 4)
# index 的每一行用 randperm 生成，没有重复位置，写入结果是确定的
index = torch.stack([torch.randperm(5)[:4] for _ in range(6)]).view(2, 3, 4)

# 公式（这里演示 dim == 2 的情形，另外两种同理）：
# self[index[i][j][k]][j][k] = src[i][j][k]  # if dim == 0
# self[i][index[i][j][k]][k] = src[i][j][k]  # if dim == 1
# self[i][j][index[i][j][k]] = src[i][j][k]  # if dim == 2
out = torch.zeros(2, 3, 5).scatter_(2, index, src)
print(out.shape)  # output 的 size 与 self 一致

# index 的 size 不得超过 src
try:
    torch.zeros(2, 3, 5).scatter_(2, index, torch.randn(2, 3, 2))
except RuntimeError as e:
    print(e)
