import torch
from torch.utils.data import DataLoader, Dataset


class ImageDataset(Dataset):
    # __getitem__ returns None when reading an image fails (simulated for sample 0).

    def __len__(self):
        return 4

    def __getitem__(self, index):
        if index == 0:
            return None  # e.g. cv2.imread could not read the file
        return torch.ones(3, 2, 2), index


loader = DataLoader(ImageDataset(), batch_size=2)  # default collate_fn=default_collate
try:
    for images, labels in loader:
        print(images.shape, labels)
except TypeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = str(err) == "batch must contain tensors, numbers, dicts or lists; found <class 'NoneType'>"
    raise
