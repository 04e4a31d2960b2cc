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
    g.manual_seed(seed) if seed is not None else g.seed()  # seed=None: a random seed on every run
    # no worker_init_fn: torch itself gives numpy and random a different seed in every worker
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2, generator=g)
    return [(w, round(n, 4), round(r, 4)) for w, n, r in loader]


if __name__ == "__main__":
    first, second = draw(), draw()
    for row in first:
        print(row)
    numpy_values = [n for _, n, _ in first]
    assert len(set(numpy_values)) == len(numpy_values)  # numpy draws differ between workers
    assert first == second  # reproducible once the generator is seeded
    print("numpy differs across workers, runs reproducible:", first == second)
    # without a fixed seed two runs draw different "random" augmentations: reproducing a run needs care with the seed
    unseeded_differ = draw(seed=None) != draw(seed=None)
    print("unseeded runs differ:", unseeded_differ)
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = len(set(numpy_values)) == len(numpy_values) and first == second and unseeded_differ
