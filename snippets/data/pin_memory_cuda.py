import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.randn(64, 3, 32, 32), torch.randint(0, 10, (64,)))
# pin_memory=True：生成的 Tensor 数据最开始是属于内存中的锁页内存
loader = DataLoader(dataset, batch_size=16, pin_memory=True)

images, labels = next(iter(loader))
print(images.is_pinned())  # True：batch 位于锁页内存

# 锁页内存 -> 显存 的拷贝可以异步进行（non_blocking=True），与 GPU 计算重叠
images = images.to("cuda", non_blocking=True)
labels = labels.to("cuda", non_blocking=True)
print(images.device, labels.device)
