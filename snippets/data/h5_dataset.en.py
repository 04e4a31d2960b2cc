import os
import pickle

import h5py
import numpy as np
import torch
from torch.utils.data import DataLoader


class H5Dataset(torch.utils.data.Dataset):
    def __init__(self, path):
        self.file_path = path
        self.dataset = None
        with h5py.File(self.file_path, 'r') as file:
            self.dataset_len = len(file["dataset"])

    def __getitem__(self, index):
        if self.dataset is None:
            # open it in __getitem__ and keep it as a singleton: each worker process opens it once
            self.dataset = h5py.File(self.file_path, 'r')["dataset"]
        return self.dataset[index]

    def __len__(self):
        return self.dataset_len


if __name__ == "__main__":  # guard needed by DataLoader worker processes
    # Editor: writing the test file, the pickle check and the reading below are the editor's; the note has only the H5Dataset class above
    # First write a small HDF5 file into the current directory: 20 samples of 3 numbers each
    with h5py.File("data.h5", "w") as f:
        f["dataset"] = np.arange(60, dtype=np.float32).reshape(20, 3)

    # An opened HDF5 file cannot be pickled, so it cannot be opened in __init__
    with h5py.File("data.h5", "r") as f:
        try:
            pickle.dumps(f)
            picklable = True
        except TypeError as err:
            print("TypeError:", err)
            picklable = False

    loader = DataLoader(H5Dataset("data.h5"), batch_size=8, num_workers=2)
    rows = 0
    for batch in loader:
        print(batch.shape, batch[:, 0])
        rows += len(batch)
    os.remove("data.h5")
    assert not picklable and rows == 20  # the open file cannot be pickled; opened in __getitem__, 2 workers read all 20 samples
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = not picklable and rows == 20
