# 验证:不传 dtype 时, new_ones 沿用原张量的 dtype 和 device
y = x.new_ones(2)
assert y.dtype == x.dtype and y.device == x.device

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = y.dtype == x.dtype and y.device == x.device
