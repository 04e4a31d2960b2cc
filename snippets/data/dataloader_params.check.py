import multiprocessing
import os

from torch.utils.data import BatchSampler, SequentialSampler


def batch_sizes(drop_last):
    # 10 个样本、batch_size=4 时各个 batch 的大小
    return [len(batch) for (batch,) in DataLoader(dataset, batch_size=4, drop_last=drop_last)]


def loads_in_main_process(num_workers):
    # get_worker_info() 在取数据的进程里返回 None 吗（None：主进程）?
    return next(iter(DataLoader(WhereAmI(), batch_size=None, num_workers=num_workers)))


assert batch_sizes(False) == [4, 4, 2]  # 不丢弃时最后一个 batch 不足 4 个



class Shards(torch.utils.data.IterableDataset):
    # n 个样本的 IterableDataset，按 worker 分片：每个 worker 只产出自己那一份（官方文档的写法）
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        info = get_worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        return iter(range(start, self.n, step))


def drops_only_the_remainder(kind, n, size, workers, shuffle):
    # drop_last=True 时：是否正好丢掉 n % size 个样本，其余都在满的 batch 里？
    data = TensorDataset(torch.arange(n).float()) if kind == "map-style" else Shards(n)
    loader = DataLoader(data, batch_size=size, shuffle=shuffle, num_workers=workers, drop_last=True)
    sizes = [len(batch[0] if isinstance(batch, list) else batch) for batch in loader]
    return sizes == [size] * (n // size)


# 网格：Dataset 的种类 x 样本数与 batch_size x num_workers x shuffle
drop_last_grid = [
    ("map-style", n, 4, workers, shuffle)
    for n in (10, 8, 3)
    for workers in (0, 2)
    for shuffle in (False, True)
] + [("IterableDataset", 10, 3, workers, False) for workers in (0, 1, 2)]
drop_last_cases = {
    f"{kind}, {n} samples, batch_size={size}, num_workers={workers}, shuffle={shuffle}": (
        drops_only_the_remainder(kind, n, size, workers, shuffle)
    )
    for kind, n, size, workers, shuffle in drop_last_grid
}

class MapPid(torch.utils.data.Dataset):
    # 每个样本记下取它的进程：get_worker_info() 是否为 None，以及进程号
    def __len__(self):
        return 6

    def __getitem__(self, index):
        return get_worker_info() is None, os.getpid()


class IterPid(torch.utils.data.IterableDataset):
    def __iter__(self):
        return iter([(get_worker_info() is None, os.getpid())] * 6)


def all_in_main_process(kind, how, workers):
    # 这种 Dataset 和取样方式下，每个样本都在主进程里取，并且没有启动子进程吗？
    data = MapPid() if kind == "map-style" else IterPid()
    options = {
        "batch_size=2": {"batch_size": 2},
        "batch_size=None": {"batch_size": None},
        "shuffle=True": {"batch_size": 2, "shuffle": True},
        "a batch_sampler": {"batch_sampler": BatchSampler(SequentialSampler(range(6)), 2, False)},
    }[how]
    samples, children = [], set()
    for batch in DataLoader(data, num_workers=workers, **options):
        children |= {child.pid for child in multiprocessing.active_children()}
        samples += list(zip(*batch)) if options.get("batch_size", 1) is not None else [batch]
    main = [bool(none) and int(pid) == os.getpid() for none, pid in samples]
    return len(main) == 6 and all(main) and not children


# 网格：Dataset 的种类 x 取样方式（IterableDataset 不能 shuffle，也不能配 batch_sampler）
workers_grid = [("map-style", how) for how in ("batch_size=2", "batch_size=None", "shuffle=True", "a batch_sampler")]
workers_grid += [("IterableDataset", how) for how in ("batch_size=2", "batch_size=None")]
workers_cases = {
    f"{kind}, {how}, num_workers=0": all_in_main_process(kind, how, 0) for kind, how in workers_grid
}
# persistent_workers=True 也不能让 num_workers=0 启动进程：直接报 ValueError
try:
    DataLoader(MapPid(), num_workers=0, persistent_workers=True)
    persistent_refused = False
except ValueError:  # persistent_workers option needs num_workers > 0
    persistent_refused = True
assert persistent_refused

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    "data-num-workers-zero": loads_in_main_process(0) and all(workers_cases.values()),
    # 不足一个 batch 的 2 个样本被丢弃，在网格的每种情形下都是如此吗
    "data-drop-last": batch_sizes(True) == [4, 4] and all(drop_last_cases.values()),
}
note_claims_cases = {"data-drop-last": drop_last_cases, "data-num-workers-zero": workers_cases}
# 对照：num_workers=1 时在 worker 进程里取数据，网格的各种情形 num_workers=2 时也不在主进程里；
# drop_last：同样的网格，去掉 IterableDataset 分给多个 worker 的情形：都成立
only_one_worker_per_iterable = all(
    ok for case, ok in drop_last_cases.items() if "Iterable" not in case or "num_workers=2" not in case
)
note_claims_control = {
    "data-num-workers-zero": loads_in_main_process(1)
    or any(all_in_main_process(kind, how, 2) for kind, how in workers_grid),
    "data-drop-last": only_one_worker_per_iterable,
}
