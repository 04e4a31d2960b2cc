# 本机 CPU 上的结果与笔记一致; 但官方文档说明: index 中有重复位置时,
# 最终写入哪个 src 值是不确定的 (GPU 上可能不同), 不要依赖"后填覆盖先填"
assert torch.equal(a, torch.tensor([[0., 4., 0.], [7., 8., 9.], [12., 13., 14.]]))

# 公式 (dim == 1): self[i][index[i][j]] = src[i][j], 对没有重复的位置逐个验证
b = torch.zeros(3, 3).scatter_(1, index, src)
for i in range(3):
    for j in range(4):
        dups = (index[i] == index[i][j]).sum()
        if dups == 1:
            assert b[i][index[i][j]] == src[i][j]

# 官方文档: index 有重复位置时, 取哪个 src 值是任意的 (本机恰好是最后一个)
doc = " ".join(torch.Tensor.scatter_.__doc__.split())
assert "one of the values from ``src`` will be picked arbitrarily" in doc
# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 后面写入的值一定覆盖前面的
note_claim_holds = "picked arbitrarily" not in doc
