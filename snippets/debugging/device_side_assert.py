import os
import traceback
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"  # 强制同步执行, 从而显示出正确的错误定位 (要在 import torch 之前设置)

import torch

labels = torch.tensor([2, 0, -1, 1], device="cuda")  # 标签(target, gt)中出现了负值
onehot = torch.zeros(4, 3, device="cuda")

try:
    # 用 scatter_ 把标签变成 one-hot: 负的下标导致数组越界, GPU 上触发
    # ScatterGatherKernel.cu: Assertion `idx_dim >= 0 && idx_dim < index_size && "index out of bounds"` failed.
    onehot.scatter_(1, labels.unsqueeze(1), 1.0)
except RuntimeError as err:
    print("raised by scatter_")  # 同步执行: 错误就在这一行抛出
    # 笔记的说法是否成立 (本站据此标注核查结果)
    # 设置了 CUDA_LAUNCH_BLOCKING=1 时, 错误就在 scatter_ 这一行抛出
    note_claim_holds = "scatter_" in traceback.extract_tb(err.__traceback__)[0].line
    raise  # RuntimeError: CUDA error: device-side assert triggered

# 走到这里说明 scatter_ 没有当场报错 (异步执行时错误会在之后的某个调用处才报出来)
raise AssertionError("scatter_ did not raise with CUDA_LAUNCH_BLOCKING=1")
