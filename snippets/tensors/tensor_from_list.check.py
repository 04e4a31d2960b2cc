assert torch.equal(torch.tensor(x), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = torch.equal(torch.tensor(x), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))
