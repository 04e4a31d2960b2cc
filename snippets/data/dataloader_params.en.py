import torch
from torch.utils.data import DataLoader, TensorDataset, get_worker_info

torch.manual_seed(0)
dataset = TensorDataset(torch.arange(10).float())  # dataset: the Dataset object to load from, 10 samples here

loader = DataLoader(
    dataset,
    batch_size=4,        # batch_size: the batch size
    shuffle=True,        # shuffle: reshuffle the data every epoch
    sampler=None,        # sampler: how samples are drawn (mutually exclusive with shuffle=True)
    num_workers=0,       # num_workers: number of loader processes; 0 loads in the main process
    collate_fn=None,     # collate_fn: how samples are merged into a batch; None means default_collate
    pin_memory=False,    # pin_memory: put batches in page-locked (pinned) host memory
    drop_last=False,     # drop_last: True drops the last, incomplete batch
)
for (batch,) in loader:
    print(batch)

# drop_last=True: 10 samples with batch_size=4 -> the last 2 samples are dropped
print(len(DataLoader(dataset, batch_size=4, drop_last=False)))
print(len(DataLoader(dataset, batch_size=4, drop_last=True)))
assert len(DataLoader(dataset, batch_size=4, drop_last=True)) == 2

# num_workers=0: data is loaded in the main process, get_worker_info() returns None
class WhereAmI(torch.utils.data.Dataset):
    def __len__(self):
        return 1

    def __getitem__(self, index):
        return get_worker_info() is None


print(next(iter(DataLoader(WhereAmI(), batch_size=None, num_workers=0))))
