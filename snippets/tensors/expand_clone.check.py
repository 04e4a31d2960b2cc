# 课中随后把 mask_miss 清零：在新张量上重做两次写入，看清零之前的状态
fresh_miss = torch.zeros(2, 1, 1, 3, 3)
fresh_view = fresh_miss.expand_as(sxing)
fresh_view[0, 0, 0, 0, 0] = 1
assert fresh_view[0, :, :, 0, 0].eq(1).all() and fresh_miss[0, 0, 0, 0, 0] == 1
fresh_view[:, 0, 0, 0, 0] = 2
assert fresh_view[:, :, :, 0, 0].eq(2).all() and fresh_miss[:, 0, 0, 0, 0].eq(2).all()

assert mask_miss.sum() == 0 and mask[:, :, -2].eq(1).all() and mask.sum() == 2 * 4 * 3 * 3
