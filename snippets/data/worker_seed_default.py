import random

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class RandomAugment(Dataset):
    def __init__(self):
        self.rng = np.random.default_rng(0)  # Dataset 自己带着的随机数生成器

    def __len__(self):
        return 4

    def __getitem__(self, index):
        return get_worker_info().id, np.random.rand(), random.random(), self.rng.random()


def draw():
    g = torch.Generator()
    g.manual_seed(0)  # 固定 base_seed：每次运行都得到同样的随机数
    # 没有 worker_init_fn：torch 自己为每个 worker 的 numpy 和 random 设置了不同的种子
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2, generator=g)
    return [(w, round(n, 4), round(r, 4), round(own, 4)) for w, n, r, own in loader]


if __name__ == "__main__":
    rows = draw()
    print("(worker, np.random, random, self.rng)")
    for row in rows:
        print(row)
    # self.rng 被原样复制进每个 worker：两个 worker 抽到同样的"随机"数
