# 本机 CPU 上的结果与笔记一致
assert torch.equal(a, torch.tensor([[0., 4., 0.], [7., 8., 9.], [12., 13., 14.]]))


def last_wins(idx):
    # 按 idx 把 4 个值写进长度为 4 的张量: 结果的值和梯度是否都符合"后写覆盖先写"
    s = torch.arange(1., 5.).requires_grad_()
    res = torch.zeros(4).scatter(0, idx, s)
    res.sum().backward()
    last = {pos: j for j, pos in enumerate(idx.tolist())}  # 每个位置最后一次写入的 src 下标
    expect = torch.zeros(4)
    expect_grad = torch.zeros(4)  # 被覆盖的 src 对结果没有影响, 梯度应为 0
    for pos, j in last.items():
        expect[pos] = s[j].item()
        expect_grad[j] = 1.
    return torch.equal(res.detach(), expect) and torch.equal(s.grad, expect_grad)


# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 后面写入的值覆盖前面的; 这里用笔记中 index 的第二行 (位置 2 写了两次)
note_claim_holds = last_wins(index[1])
# 对照: 没有重复位置的 index, 同样的测量应得 True
note_claim_control = last_wins(torch.tensor([2, 0, 1, 3]))
