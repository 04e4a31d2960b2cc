# 课中随后把 x 清零: 在一个新张量上重做 zeros_like, 看它是否改动原张量
fresh = torch.ones(2, 3, dtype=torch.long)
fresh_z = torch.zeros_like(fresh)
zeros_like_cleared_x = fresh.sum() == 0
assert fresh.sum() == 6 and fresh_z.sum() == 0

assert x.sum() == 0  # zero_() 原地清零

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: zero_() 和 zeros_like() 都能把现有矩阵转为全 0 矩阵
note_claim_holds = bool(zeros_like_cleared_x) and bool(x.sum() == 0)
