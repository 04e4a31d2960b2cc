import os
import traceback
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"  # force synchronous execution so the error points at the right line (set it before importing torch)

import torch

labels = torch.tensor([2, 0, -1, 1], device="cuda")  # a negative value in the labels (target, gt)
onehot = torch.zeros(4, 3, device="cuda")

try:
    # build one-hot labels with scatter_: the negative index is out of bounds and on the GPU triggers
    # ScatterGatherKernel.cu: Assertion `idx_dim >= 0 && idx_dim < index_size && "index out of bounds"` failed.
    onehot.scatter_(1, labels.unsqueeze(1), 1.0)
except RuntimeError as err:
    print("raised by scatter_")  # synchronous execution: the error is raised right here
    # Does the note's claim hold? (the site labels the claim from this)
    # with CUDA_LAUNCH_BLOCKING=1 the error is raised at the scatter_ line itself
    note_claim_holds = "scatter_" in traceback.extract_tb(err.__traceback__)[0].line
    raise  # RuntimeError: CUDA error: device-side assert triggered

# getting here means scatter_ did not raise on the spot (asynchronous errors surface at a later call)
raise AssertionError("scatter_ did not raise with CUDA_LAUNCH_BLOCKING=1")
