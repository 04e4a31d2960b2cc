import torch
from torch.utils.data import DataLoader, Dataset


class ImageDataset(Dataset):
    # Sample 1 fails to load and returns None; the first sample of the batch is a normal tensor.

    def __len__(self):
        return 4

    def __getitem__(self, index):
        if index == 1:
            return None
        return torch.ones(3, 2, 2)


loader = DataLoader(ImageDataset(), batch_size=2)
for images in loader:  # default_collate calls torch.stack, which fails on the None
    print(images.shape)
