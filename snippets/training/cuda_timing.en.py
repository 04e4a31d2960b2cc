import time

import torch
import torch.nn as nn

model = nn.Sequential(*[nn.Linear(4096, 4096) for _ in range(8)]).cuda().eval()
input = torch.randn(256, 4096, device="cuda")

with torch.no_grad():
    for _ in range(3):  # warm-up: CUDA initialisation, cuBLAS heuristics
        model(input)

    # wrong: without synchronizing only the kernel launches are timed
    torch.cuda.synchronize()
    start = time.time()
    result = model(input)
    end = time.time()
    t_without = end - start
    print(f"without synchronize: {(end - start) * 1000:.3f} ms")

    # right
    torch.cuda.synchronize() # wait for all kernels in all streams on the current device to finish
    start = time.time()
    result = model(input)
    torch.cuda.synchronize()
    end = time.time()
    t_with = end - start
    print(f"with synchronize:    {(end - start) * 1000:.3f} ms")

    # or time with CUDA events
    start_event = torch.cuda.Event(enable_timing=True)
    end_event = torch.cuda.Event(enable_timing=True)
    start_event.record()
    result = model(input)
    end_event.record()
    torch.cuda.synchronize()
    print(f"cuda.Event:          {start_event.elapsed_time(end_event):.3f} ms")

# Does the note's claim hold? (the site labels the claim from this)
# without synchronize() the measured time is shorter
note_claim_holds = t_without < t_with
