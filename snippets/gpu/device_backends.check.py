assert hasattr(torch.version, "hip") and hasattr(torch, "xpu")

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: AMD GPU 用 OpenCL, PyTorch 不支持。torch 有 ROCm(HIP) 版本
note_claim_holds = not hasattr(torch.version, "hip")
