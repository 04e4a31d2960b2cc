assert a.dtype == torch.float32 and torch.isclose(a, loc_loss)
assert s.dtype == torch.int32
assert i16.dtype == torch.int16
promoted = s.dtype == torch.int32 and a.dtype == torch.float32
# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: int16 与 int32 也要先转换成同一个 dtype 才能运算
note_claim_holds = not promoted
