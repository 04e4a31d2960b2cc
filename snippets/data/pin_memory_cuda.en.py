import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.randn(64, 3, 32, 32), torch.randint(0, 10, (64,)))
# pin_memory=True: batches are created in page-locked (pinned) host memory
loader = DataLoader(dataset, batch_size=16, pin_memory=True)

images, labels = next(iter(loader))
print(images.is_pinned())  # True: the batch lives in pinned memory

# pinned memory -> GPU memory copies can run asynchronously (non_blocking=True), overlapping GPU compute
images = images.to("cuda", non_blocking=True)
labels = labels.to("cuda", non_blocking=True)
print(images.device, labels.device)
