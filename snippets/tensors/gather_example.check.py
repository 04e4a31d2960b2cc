# 验证: 输出的 size 与 index 一致, 且 torch.gather(input=a, ...) 与 a.gather(...) 等价
assert out.shape == index.shape
assert torch.equal(out, torch.gather(input=a, dim=1, index=index))
assert torch.equal(out, torch.tensor([[2., 2., 2., 2., 2.],
                                      [6., 4., 5., 6., 4.],
                                      [8., 9., 7., 7., 9.]]))

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = out.shape == index.shape and torch.equal(out, torch.gather(input=a, dim=1, index=index))
