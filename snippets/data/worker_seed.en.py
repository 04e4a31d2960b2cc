import random

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class RandomAugment(Dataset):
    # Each sample returns (worker id, one random number each from torch / numpy / random), like a random augmentation.

    def __len__(self):
        return 4

    def __getitem__(self, index):
        worker = get_worker_info().id
        return worker, torch.rand(1).item(), np.random.rand(), random.random()


def seed_worker(worker_id):
    # torch has already seeded each worker with base_seed + worker_id; reuse it to seed the other libraries
    worker_seed = torch.initial_seed() % 2**32
    np.random.seed(worker_seed)
    random.seed(worker_seed)


if __name__ == "__main__":
    g = torch.Generator()
    g.manual_seed(0)  # fix base_seed: every run draws the same random numbers
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2,
                        worker_init_fn=seed_worker, generator=g)
    for worker, t, n, r in loader:
        print(f"worker {worker}: torch {t:.4f}  numpy {n:.4f}  random {r:.4f}")
