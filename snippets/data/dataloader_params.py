import torch
from torch.utils.data import DataLoader, TensorDataset, get_worker_info

torch.manual_seed(0)
dataset = TensorDataset(torch.arange(10).float())  # dataset：加载的数据集（Dataset 对象），这里有 10 个样本

loader = DataLoader(
    dataset,
    batch_size=4,        # batch_size：batch size
    shuffle=True,        # shuffle：是否将数据打乱
    sampler=None,        # sampler：样本抽样（与 shuffle=True 互斥）
    num_workers=0,       # num_workers：使用多进程加载的进程数，0代表不使用多进程
    collate_fn=None,     # collate_fn：如何将多个样本数据拼接成一个 batch，None 即 default_collate
    pin_memory=False,    # pin_memory：是否将数据保存在pin memory区
    drop_last=False,     # drop_last：为 True 会将多出来不足一个 batch 的数据丢弃
)
for (batch,) in loader:
    print(batch)

# drop_last=True：10 个样本、batch_size=4，最后 2 个样本被丢弃
print(len(DataLoader(dataset, batch_size=4, drop_last=False)))
print(len(DataLoader(dataset, batch_size=4, drop_last=True)))

# num_workers=0：数据在主进程里加载，get_worker_info() 返回 None
class WhereAmI(torch.utils.data.Dataset):
    def __len__(self):
        return 1

    def __getitem__(self, index):
        return get_worker_info() is None


in_main_process = next(iter(DataLoader(WhereAmI(), batch_size=None, num_workers=0)))
print(in_main_process)
