import torch
from torch.profiler import ProfilerActivity, profile

# 全连接层 = 矩阵乘 (GEMM): (batch, in) @ (in, out)。看 cuBLAS 实际启动的 kernel 名字：
# Tensor Core kernel 的名字里带有 nvjet（Hopper 起）/ gmma / hmma / 16816 / tensorop 之类的字样，
# 或者是 f16 的 xmma kernel; FP32 的 sgemm / f32 xmma kernel 不用 Tensor Core
TENSOR_CORE_MARKS = ("nvjet", "gmma", "hmma", "16816", "1688", "884", "tensorop", "wmma")


def gemm_kernels(n, dtype=torch.float16):
    a = torch.randn(n, n, device="cuda", dtype=dtype)
    b = torch.randn(n, n, device="cuda", dtype=dtype)
    a @ b  # 预热：cuBLAS 初始化、选算法
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


def ms_per_matmul(n, dtype=torch.float16, repeat=50):
    a = torch.randn(n, n, device="cuda", dtype=dtype)
    b = torch.randn(n, n, device="cuda", dtype=dtype)
    a @ b
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()  # CUDA event 在 GPU 上计时，不受 CPU 端异步的影响
    for _ in range(repeat):
        a @ b
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / repeat


# 用得上 Tensor Core 不等于一样快：不对齐的尺寸换了 kernel，看每次矩阵乘的耗时
t_aligned, t_unaligned = ms_per_matmul(4096), ms_per_matmul(4095)
print(f"4096: {t_aligned:.3f} ms, 4095: {t_unaligned:.3f} ms per matmul ({t_unaligned / t_aligned:.1f}x)")
