assert x.device == torch.device("cuda", idx)
assert torch.cuda.current_device() == 0

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = first.device == torch.ones(2).cuda(0).device == torch.device("cuda", 0)
