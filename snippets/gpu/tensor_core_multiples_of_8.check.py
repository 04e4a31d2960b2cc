assert aligned and unaligned  # 两种尺寸都找到了矩阵乘的 kernel

# 笔记的说法是否成立 (本站据此标注核查结果): 只有 8 的倍数才能用上 Tensor Core 吗?
note_claim_holds = uses_tensor_cores(aligned) and not uses_tensor_cores(unaligned)
