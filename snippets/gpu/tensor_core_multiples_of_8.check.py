assert aligned and unaligned  # 两种尺寸都抓到了 kernel

# 对照：FP32 矩阵乘，关掉 TF32（默认就是关的）：不用 Tensor Core
torch.backends.cuda.matmul.allow_tf32 = False
fp32 = gemm_kernels(4096, torch.float32)
assert fp32

# 笔记的说法是否成立（本站据此标注核查结果）：只有 8 的倍数才能用上 Tensor Core 吗？
note_claim_holds = uses_tensor_cores(aligned) and not uses_tensor_cores(unaligned)
# 对照：同样的判断，把不对齐的 FP16 换成 FP32 矩阵乘
note_claim_control = uses_tensor_cores(aligned) and not uses_tensor_cores(fp32)
