assert bn.running_mean.dtype == torch.float64 and bn.running_mean is not running_mean


def assign_data(tensor):  # 通过 .data 原地换掉数据（Module._apply 对参数就是这样做的）
    tensor.data = tensor.to(torch.float64)


def changed_in_place(obj, convert):
    # 调用一次转换、不用它的返回值：对象本身（模块则看它的第一个参数）的 dtype 或设备变了吗？
    def state():
        tensor = next(obj.parameters()) if isinstance(obj, torch.nn.Module) else obj
        return tensor.dtype, tensor.device

    before = state()
    convert(obj)
    return state() != before


# 网格：笔记的说法（tensor 的转换要重新赋值，模块的不用）对每一种走同一条路径的转换、
# 每一种 tensor 和模块是否成立；meta 设备代替 GPU
conversions = {
    ".to(torch.float64)": lambda obj: obj.to(torch.float64),
    ".double()": lambda obj: obj.double(),
    ".half()": lambda obj: obj.half(),
    ".to('meta') (as .cuda())": lambda obj: obj.to("meta"),
    ".to('meta', torch.float64)": lambda obj: obj.to("meta", torch.float64),
}
objects = {
    "a float32 tensor": (lambda: torch.zeros(3), False),
    "a tensor with requires_grad=True": (lambda: torch.zeros(3, requires_grad=True), False),
    "an nn.Parameter": (lambda: torch.nn.Parameter(torch.zeros(3)), False),
    "nn.Linear": (lambda: torch.nn.Linear(2, 2), True),
    "nn.Sequential(Conv2d, BatchNorm2d)": (
        lambda: torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.BatchNorm2d(2)),
        True,
    ),
}


reassign_cases = {
    f"{name}, {kind}": changed_in_place(make(), convert) == is_module
    for name, convert in conversions.items()
    for kind, (make, is_module) in objects.items()
}

# 笔记的说法是否成立（本站据此标注核查结果）：tensor 不是原地转换，模块是
note_claim_holds = all(reassign_cases.values())
note_claim_cases = reassign_cases
# 对照：同样的检查用在一个原地转换 tensor 的写法上
note_claim_control = not changed_in_place(torch.zeros(3), assign_data) and changed_in_place(
    torch.nn.Linear(2, 2), conversions[".to(torch.float64)"]
)
