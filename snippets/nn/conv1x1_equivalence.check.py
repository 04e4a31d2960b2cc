ref = lin(x.movedim(1, -1)).movedim(-1, 1)  # 对每个位置的通道向量做 Linear
assert torch.allclose(out3, ref, atol=1e-6)
assert torch.allclose(out2, ref.flatten(2, 3), atol=1e-6)
assert torch.allclose(out1, ref.flatten(2), atol=1e-6)
