import torch

# one torch.cuda / .cuda() API: the CUDA build of torch for NVIDIA, the ROCm (HIP) build for AMD
print("CUDA:", torch.version.cuda)   # the CUDA version on a CUDA build of torch, else None
print("ROCm/HIP:", torch.version.hip)  # the HIP version on a ROCm build of torch, else None
# other accelerators have backends of their own
print("Apple MPS:", torch.backends.mps.is_available())
print("Intel XPU:", torch.xpu.is_available())

assert hasattr(torch.version, "hip") and hasattr(torch, "xpu")

# Does the note's claim hold? (the site labels the claim from this)
# the note: AMD GPUs use OpenCL, unsupported by PyTorch. torch has ROCm (HIP) builds
note_claim_holds = not hasattr(torch.version, "hip")
