import inspect
import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.arange(8).float())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loader = DataLoader(dataset, batch_size=4, pin_memory=True)
    (batch,) = next(iter(loader))

# 没有 GPU（或其他加速器）时，pin_memory=True 不起作用，只给出一个警告
print("accelerator:", torch.accelerator.is_available())
print("is_pinned:", batch.is_pinned())
for w in caught:
    print(f"{w.category.__name__}: {w.message}")

# pin_memory 默认为 False
print(inspect.signature(DataLoader).parameters["pin_memory"].default)
