assert y_loc.shape == (2, 5 * 5 * anchor, 4)

# 更正: torch 2.13 里 torch.permute() 是存在的, 与 Tensor.permute() 等价
p = torch.permute(loc_layer(x), (0, 2, 3, 1))
assert torch.equal(p, loc_layer(x).permute(0, 2, 3, 1))

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 没有 torch.permute() 这个调用方式
note_claim_holds = not hasattr(torch, "permute")
