import torch
from torch.profiler import ProfilerActivity, profile

# 全连接层 = 矩阵乘 (GEMM): (batch, in) @ (in, out)。看 cuBLAS 实际启动的 kernel 名字:
# Tensor Core kernel 的名字里带有 nvjet (Hopper 起) / gmma / hmma / 16816 / tensorop 之类的字样,
# 或者是 f16 的 xmma kernel; FP32 的 sgemm / f32 xmma kernel 不用 Tensor Core
TENSOR_CORE_MARKS = ("nvjet", "gmma", "hmma", "16816", "1688", "884", "tensorop", "wmma")


def gemm_kernels(n, dtype=torch.float16):
    a = torch.randn(n, n, device="cuda", dtype=dtype)
    b = torch.randn(n, n, device="cuda", dtype=dtype)
    a @ b  # 预热: cuBLAS 初始化、选算法
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        a @ b
        torch.cuda.synchronize()
    return [e.key for e in prof.key_averages() if e.device_type.name == "CUDA"]


def uses_tensor_cores(kernels):
    names = [k.lower() for k in kernels]
    return any(mark in k for k in names for mark in TENSOR_CORE_MARKS) or any(
        "xmma" in k and "f16" in k for k in names)


aligned, unaligned = gemm_kernels(4096), gemm_kernels(4095)  # 8 的倍数 / 不是 8 的倍数
print("4096:", uses_tensor_cores(aligned), aligned)
print("4095:", uses_tensor_cores(unaligned), unaligned)
