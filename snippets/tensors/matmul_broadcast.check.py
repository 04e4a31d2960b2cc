assert torch.matmul(a, b).shape == (3, 5, 2, 6)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 矩阵乘法不满足广播机制
note_claim_holds = torch.matmul(a, b).shape != (3, 5, 2, 6)
