import random

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class RandomAugment(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, index):
        return get_worker_info().id, np.random.rand(), random.random()


def draw(seed=0):
    g = torch.Generator()
    g.manual_seed(seed) if seed is not None else g.seed()  # seed=None: 每次运行随机取一个种子
    # 没有 worker_init_fn：torch 自己为每个 worker 的 numpy 和 random 设置了不同的种子
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2, generator=g)
    return [(w, round(n, 4), round(r, 4)) for w, n, r in loader]


if __name__ == "__main__":
    first, second = draw(), draw()
    for row in first:
        print(row)
    print("numpy differs across workers, runs reproducible:", first == second)
    # 不固定种子时, 两次运行得到的"随机"增强不同: 要复现就得处理好种子
    unseeded_differ = draw(seed=None) != draw(seed=None)
    print("unseeded runs differ:", unseeded_differ)
