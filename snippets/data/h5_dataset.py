# 编者：笔记只有下面的 H5Dataset 类，这几行 import 是编者补上的
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
            # 编者：在 __getitem__ 里打开，并作为单例保存：每个 worker 进程只打开一次
            self.dataset = h5py.File(self.file_path, 'r')["dataset"]
        return self.dataset[index]

    def __len__(self):
        return self.dataset_len


if __name__ == "__main__":  # 编者：DataLoader 的 worker 进程需要这个保护
    # 编者：下面写测试文件、pickle 检查和读取的部分是编者加的
    # 先在当前目录写一个小的 HDF5 文件：20 个样本，每个样本 3 个数
    with h5py.File("data.h5", "w") as f:
        f["dataset"] = np.arange(60, dtype=np.float32).reshape(20, 3)

    # 编者：已经打开的 HDF5 文件不能 pickle（用 spawn / forkserver 启动 worker 时，Dataset 要 pickle）
    with h5py.File("data.h5", "r") as f:
        try:
            pickle.dumps(f)
        except TypeError as err:
            print("TypeError:", err)

    # 编者：笔记的写法：2 个 worker 各自在 __getitem__ 里打开文件
    loader = DataLoader(H5Dataset("data.h5"), batch_size=8, num_workers=2)
    for batch in loader:
        print(batch.shape, batch[:, 0])
    os.remove("data.h5")
