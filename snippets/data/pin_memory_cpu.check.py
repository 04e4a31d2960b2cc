from torch.utils.data import IterableDataset


class Stream(IterableDataset):
    # 8 个样本的 IterableDataset
    def __iter__(self):
        return iter(torch.arange(8).float())


def loader_pins(kind, workers, **options):
    # 这样建的 DataLoader 是否锁页（pin_memory 属性）？取一个 batch 确认它能用
    data = dataset if kind == "map-style" else Stream()
    loader = DataLoader(data, batch_size=4, num_workers=workers, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pin_memory=True 在没有加速器时的警告，课程代码已经打印过
        next(iter(loader))
    return loader.pin_memory


def factory_pins(name, **options):
    # torch 的工厂函数：不传 pin_memory 时是否去锁页？没有加速器的机器上，锁页会直接报错
    make = {
        "torch.empty": lambda: torch.empty(4, **options),
        "torch.zeros": lambda: torch.zeros(4, **options),
        "torch.ones": lambda: torch.ones(4, **options),
        "torch.full": lambda: torch.full((4,), 1.0, **options),
        "torch.rand": lambda: torch.rand(4, **options),
        "torch.randn": lambda: torch.randn(4, **options),
        "torch.tensor": lambda: torch.tensor([1.0, 2.0], **options),
    }[name]
    try:
        return make().is_pinned()
    except RuntimeError:  # pin_memory=True requires a CUDA or other accelerator backend
        return True


# 网格：DataLoader（Dataset 的种类 x num_workers），以及接受 pin_memory 参数的 7 个工厂函数，都不传 pin_memory
factories = ("torch.empty", "torch.zeros", "torch.ones", "torch.full", "torch.rand", "torch.randn", "torch.tensor")
note_claim_cases = {
    f"DataLoader, {kind}, num_workers={workers}": not loader_pins(kind, workers)
    for kind in ("map-style", "IterableDataset")
    for workers in (0, 2)
}
note_claim_cases.update({f"{name}(...)": not factory_pins(name) for name in factories})

# 笔记的说法是否成立（本站据此标注核查结果）：不传 pin_memory 时 DataLoader 不锁页
note_claim_holds = DataLoader(dataset, batch_size=4).pin_memory is False and all(note_claim_cases.values())
# 对照：同样的测量，显式传 pin_memory=True
note_claim_control = DataLoader(dataset, batch_size=4, pin_memory=True).pin_memory is False or any(
    not loader_pins(kind, 0, pin_memory=True) for kind in ("map-style", "IterableDataset")
) or any(not factory_pins(name, pin_memory=True) for name in factories)
