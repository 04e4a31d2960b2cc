import torch

# 笔记的例子，在 GPU 上：index 第一行把 1, 2, 3, 4 都写到位置 1
a = torch.zeros(3, 3, device="cuda")
src = torch.arange(1., 16., device="cuda").view(3, 5)
index = torch.tensor([[1, 1, 1, 1], [2, 0, 1, 2], [2, 0, 1, 2]], device="cuda")
a.scatter_(dim=1, index=index, src=src)
print(f"a:\n{a}")

# 同一个位置写很多次：0, 1, ..., 2**20 - 1 都写到位置 0, "后写覆盖先写" 会留下最后一个
n = 2 ** 20
same_slot = torch.zeros(n, dtype=torch.long, device="cuda")
values = torch.arange(n, dtype=torch.float32, device="cuda")
kept = [torch.zeros(1, device="cuda").scatter_(0, same_slot, values).item() for _ in range(5)]
print("kept in 5 runs:", [int(k) for k in kept], " last written:", n - 1)
