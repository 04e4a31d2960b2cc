import torch
from torch.profiler import ProfilerActivity, profile

# A fully connected layer is a matrix multiply (GEMM): (batch, in) @ (in, out). Look at the
# names of the kernels cuBLAS actually picks:
# Tensor Core kernels have tensorop / 16816 / hmma / xmma / gmma and the like in their names
TENSOR_CORE_MARKS = ("tensorop", "16816", "hmma", "xmma", "gmma")


def gemm_kernels(n):
    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    a @ b  # warm-up: cuBLAS initialises and picks its algorithm
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        a @ b
        torch.cuda.synchronize()
    names = [e.key for e in prof.key_averages() if e.device_type.name == "CUDA"]
    return [k for k in names if "gemm" in k.lower() or "gmma" in k.lower() or "xmma" in k.lower()]


def uses_tensor_cores(kernels):
    return any(mark in k.lower() for k in kernels for mark in TENSOR_CORE_MARKS)


aligned, unaligned = gemm_kernels(4096), gemm_kernels(4095)  # a multiple of 8 / not a multiple of 8
print("4096:", uses_tensor_cores(aligned), aligned)
print("4095:", uses_tensor_cores(unaligned), unaligned)
assert aligned and unaligned  # a matmul kernel was found for both sizes

# Does the note's claim hold? (the site labels the claim from this): do only multiples of 8 use Tensor Cores?
note_claim_holds = uses_tensor_cores(aligned) and not uses_tensor_cores(unaligned)
