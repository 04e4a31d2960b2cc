def last_wins_on_cuda(idx):
    # 按 idx 把 1, 2, ... 写进一个张量：每个位置留下的是不是最后写给它的值
    s = torch.arange(1., len(idx) + 1, device="cuda")
    res = torch.zeros(len(idx), device="cuda").scatter(0, idx.cuda(), s)
    expect = torch.zeros(len(idx))
    for j, pos in enumerate(idx.tolist()):
        expect[pos] = s[j].item()
    return torch.equal(res.cpu(), expect)


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：后面写入的值覆盖前面的（位置 1 就是 4）；大量重复写入时也要每次都留下最后一个
note_claim_holds = (a[0, 1].item() == 4 and all(k == n - 1 for k in kept)
                    and last_wins_on_cuda(torch.tensor([1, 1, 1, 1])))
# 对照：没有重复位置的 index，同样的测量应得 True
note_claim_control = last_wins_on_cuda(torch.tensor([2, 0, 1, 3]))
