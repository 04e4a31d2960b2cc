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
drops_last = len(DataLoader(dataset, batch_size=4, drop_last=True)) == 2
assert drops_last

# num_workers=0: data is loaded in the main process, get_worker_info() returns None
class WhereAmI(torch.utils.data.Dataset):
    def __len__(self):
        return 1

    def __getitem__(self, index):
        return get_worker_info() is None


in_main_process = next(iter(DataLoader(WhereAmI(), batch_size=None, num_workers=0)))
print(in_main_process)
assert in_main_process

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {"data-num-workers-zero": in_main_process, "data-drop-last": drops_last}
