import torch
from torch.utils.data import DataLoader, Dataset


class ImageDataset(Dataset):
    # 第 1 个样本读图失败，返回 None；batch 里的第一个样本是正常的张量。

    def __len__(self):
        return 4

    def __getitem__(self, index):
        if index == 1:
            return None
        return torch.ones(3, 2, 2)


loader = DataLoader(ImageDataset(), batch_size=2)
for images in loader:  # default_collate 调用 torch.stack，遇到 None 报错
    print(images.shape)
