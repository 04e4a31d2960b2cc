assert arr[0] == 7


def copies(make):
    # make(数组) 得到的张量在数组被修改后是否保持不变 (即拷贝了数据)
    data = np.zeros(3)
    tensor = make(data)
    data[0] = 7
    return bool(tensor[0] == 0)


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = copies(torch.tensor) and not copies(torch.from_numpy)
# 对照: 先拷贝数组再 from_numpy, 同样的测量应得 False
note_claim_control = copies(torch.tensor) and not copies(lambda data: torch.from_numpy(data.copy()))
