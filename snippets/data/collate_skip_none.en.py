import torch
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.dataloader import default_collate


class ImageDataset(Dataset):
    def __len__(self):
        return 6

    def __getitem__(self, index):
        if index in (0, 3):
            return None  # failed to read the image
        return torch.full((3, 2, 2), float(index)), index


def collate_skip_none(batch):
    # Custom collate_fn: drop invalid samples (None) first, then let default_collate stack the rest.
    batch = [sample for sample in batch if sample is not None]
    if not batch:  # every sample of the batch failed
        return None
    return default_collate(batch)


loader = DataLoader(ImageDataset(), batch_size=3, collate_fn=collate_skip_none)
for images, labels in loader:
    print(images.shape, labels)
