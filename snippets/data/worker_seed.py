import random

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class RandomAugment(Dataset):
    # 每个样本返回（worker id, torch / numpy / random 各自的一个随机数），模拟随机数据增强。

    def __len__(self):
        return 4

    def __getitem__(self, index):
        worker = get_worker_info().id
        return worker, torch.rand(1).item(), np.random.rand(), random.random()


def seed_worker(worker_id):
    # torch 已经为每个 worker 设置了 base_seed + worker_id；用它来给其他库设置种子
    worker_seed = torch.initial_seed() % 2**32
    np.random.seed(worker_seed)
    random.seed(worker_seed)


if __name__ == "__main__":
    g = torch.Generator()
    g.manual_seed(0)  # 固定 base_seed：每次运行都得到同样的随机数
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2,
                        worker_init_fn=seed_worker, generator=g)
    for worker, t, n, r in loader:
        print(f"worker {worker}: torch {t:.4f}  numpy {n:.4f}  random {r:.4f}")
