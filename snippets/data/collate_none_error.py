import torch
from torch.utils.data import DataLoader, Dataset


class ImageDataset(Dataset):
    # 读取图片失败时 __getitem__ 返回 None（这里用第 0 个样本模拟）。

    def __len__(self):
        return 4

    def __getitem__(self, index):
        if index == 0:
            return None  # 比如 cv2.imread 读图失败
        return torch.ones(3, 2, 2), index


loader = DataLoader(ImageDataset(), batch_size=2)  # 默认 collate_fn=default_collate
for images, labels in loader:
    print(images.shape, labels)
