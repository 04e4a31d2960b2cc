import torch
from torch.utils.data import DataLoader, Dataset
from torch.utils.data.dataloader import default_collate


class ImageDataset(Dataset):
    def __len__(self):
        return 6

    def __getitem__(self, index):
        if index in (0, 3):
            return None  # 读图失败
        return torch.full((3, 2, 2), float(index)), index


def collate_skip_none(batch):
    # 自定义 collate_fn：先清理掉不合法的数据 (None)，再交给 default_collate 拼接。
    batch = [sample for sample in batch if sample is not None]
    if not batch:  # 整个 batch 都读失败了
        return None
    return default_collate(batch)


loader = DataLoader(ImageDataset(), batch_size=3, collate_fn=collate_skip_none)
for images, labels in loader:
    print(images.shape, labels)
