import warnings

# x 是默认的 float32、在 CPU 上，看不出 dtype / device 是否沿用：
# 改在 9 种 dtype、CPU 和 meta 设备上的张量上调用 new_*（不传 dtype / device）
new_ones_dtypes = (
    torch.float16,
    torch.bfloat16,
    torch.float32,
    torch.float64,
    torch.int8,
    torch.int32,
    torch.int64,
    torch.bool,
    torch.complex64,
)
new_methods = {
    "new_ones": lambda t: t.new_ones(4, 3),
    "new_zeros": lambda t: t.new_zeros(2),
    "new_full": lambda t: t.new_full((2,), 7),
    "new_empty": lambda t: t.new_empty(2),
    "new_tensor": lambda t: t.new_tensor([1, 2]),
}


def keeps(make, dtype, device):
    # make(t) 的结果是否与 t 的 dtype 和 device 相同？
    t = torch.zeros(2, 3, dtype=dtype, device=device)
    made = make(t)
    return made.dtype == t.dtype and made.device == t.device


# 网格：new_* 方法 x dtype x 设备
new_ones_cases = {
    f"{name}, {str(dtype).removeprefix('torch.')}, {device}": keeps(make, dtype, device)
    for name, make in new_methods.items()
    for dtype in new_ones_dtypes
    for device in ("cpu", "meta")
}

# 不沿用的（说明里写明）：requires_grad、channels_last 的内存格式，
# 以及 new_tensor 的数据是张量时那个张量的 dtype（结果用的是 t 的 dtype）
needs_grad = torch.zeros(2, 3, requires_grad=True)
assert not needs_grad.new_ones(2).requires_grad and not needs_grad.new_tensor([1.0]).requires_grad
nhwc = torch.zeros(2, 3, 4, 5).to(memory_format=torch.channels_last)
for name in ("new_ones", "new_zeros", "new_empty"):
    made = getattr(nhwc, name)(nhwc.shape)
    assert made.is_contiguous() and not made.is_contiguous(memory_format=torch.channels_last)
with warnings.catch_warnings():
    # 用张量作 new_tensor 的数据会给出 UserWarning（建议改用 clone().detach()），这里只看 dtype
    warnings.simplefilter("ignore", UserWarning)
    assert torch.zeros(2).new_tensor(torch.tensor([1, 2])).dtype == torch.float32



def raises_not_implemented(make):
    try:
        make()
    except NotImplementedError:
        return True
    return False


# 布局也沿用：稀疏 COO 张量的 new_zeros、new_empty 仍是稀疏 COO；它的 new_ones、new_full 则报 NotImplementedError
coo = torch.zeros(2, 3).to_sparse()
assert coo.new_zeros(2, 3).layout == coo.new_empty(2, 3).layout == torch.sparse_coo
assert raises_not_implemented(lambda: coo.new_ones(2, 3)) and raises_not_implemented(lambda: coo.new_full((2, 3), 1.0))

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = all(new_ones_cases.values())
note_claim_cases = new_ones_cases
# 对照：torch.ones 不看原张量，同样的测量用在同一网格上应得 False
note_claim_control = all(
    keeps(lambda t: torch.ones(4, 3), dtype, device)
    for dtype in new_ones_dtypes
    for device in ("cpu", "meta")
)
