def same_as_lists(data):
    # torch.tensor(data) 是否与全用 list 写的 [[1, 2, 3, 4], [5, 6, 7, 8]] 相同
    try:
        return torch.equal(torch.tensor(data), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))
    except (RuntimeError, TypeError):
        return False


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = same_as_lists(x)
# 对照: 第一行换成 set (不是序列), 同样的测量应得 False
note_claim_control = same_as_lists([{1, 2, 3, 4}, [5, 6, 7, 8]])
