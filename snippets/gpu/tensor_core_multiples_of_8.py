import torch
from torch.profiler import ProfilerActivity, profile

# 全连接层 = 矩阵乘 (GEMM): (batch, in) @ (in, out)。看 cuBLAS 实际选用的 kernel 名字:
# Tensor Core kernel 的名字里带有 tensorop / 16816 / hmma / xmma / gmma 之类的字样
TENSOR_CORE_MARKS = ("tensorop", "16816", "hmma", "xmma", "gmma")


def gemm_kernels(n):
    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    a @ b  # 预热: cuBLAS 初始化、选算法
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        a @ b
        torch.cuda.synchronize()
    names = [e.key for e in prof.key_averages() if e.device_type.name == "CUDA"]
    return [k for k in names if "gemm" in k.lower() or "gmma" in k.lower() or "xmma" in k.lower()]


def uses_tensor_cores(kernels):
    return any(mark in k.lower() for k in kernels for mark in TENSOR_CORE_MARKS)


aligned, unaligned = gemm_kernels(4096), gemm_kernels(4095)  # 8 的倍数 / 不是 8 的倍数
print("4096:", uses_tensor_cores(aligned), aligned)
print("4095:", uses_tensor_cores(unaligned), unaligned)
