import warnings

assert arr[0] == 7


def copies(make, data=None):
    # make（数组）得到的张量在数组被修改后是否保持不变（即拷贝了数据）
    data = np.zeros(3) if data is None else data
    with warnings.catch_warnings():
        # from_numpy 对只读的数组给出 UserWarning（张量可写而数组不可写），这里只看是否共享
        warnings.simplefilter("ignore", UserWarning)
        tensor = make(data)
    data.flags.writeable = True
    data.flat[0] = 1 if data.dtype != bool else True
    return bool(tensor.flatten()[0] == 0)


def accepted(make, data, want_copy):
    # make 接受这个数组，并且 (want_copy) 拷贝了数据 /（否则）与数组共享内存吗？
    try:
        return copies(make, data) == want_copy
    except ValueError:  # 不接受这个数组
        return False


def read_only(a):
    # 只读的数组（copies 修改它之前先改回可写，才能看出张量是否跟着变）
    a.flags.writeable = False
    return a


# 网格：数组的 dtype x 内存布局（连续、转置、隔一个取一个、0 维、只读）
LAYOUTS = {
    "contiguous": lambda a: a,
    "transposed": lambda a: a.reshape(2, 3).T,
    "every other element": lambda a: a[::2],
    "0-d": lambda a: a[0, ...],
    "read-only": read_only,
}
DTYPES = ["float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8", "bool", "complex64", "complex128"]
note_claim_cases = {
    f"{dtype}, {layout}": accepted(torch.tensor, make_layout(np.zeros(6, dtype=dtype)), True)
    and accepted(torch.from_numpy, make_layout(np.zeros(6, dtype=dtype)), False)
    for dtype in DTYPES
    for layout, make_layout in LAYOUTS.items()
}
# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = copies(torch.tensor) and not copies(torch.from_numpy) and all(note_claim_cases.values())


def refuses(make, data):
    try:
        make(data)
    except ValueError:
        return True
    return False


# 网格外：负步长的数组，torch.tensor 和 from_numpy 都不接受（报 ValueError），既不拷贝也不共享
assert refuses(torch.tensor, np.flip(np.zeros(3))) and refuses(torch.from_numpy, np.flip(np.zeros(3)))
# 字节序与本机不同的数组（如大端的 '>f4'）也一样，两者都报 ValueError
assert refuses(torch.tensor, np.zeros(3, dtype=">f4")) and refuses(torch.from_numpy, np.zeros(3, dtype=">f4"))
# 对照：先拷贝数组再 from_numpy，同样的测量应得 False
note_claim_control = copies(torch.tensor) and not copies(lambda data: torch.from_numpy(data.copy()))
