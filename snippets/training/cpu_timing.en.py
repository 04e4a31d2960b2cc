import time

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(*[nn.Linear(512, 512) for _ in range(4)]).eval()
input = torch.randn(64, 512)

with torch.no_grad():
    for _ in range(3):  # warm-up
        model(input)
    # CPU ops run synchronously, no synchronize needed; time with time.perf_counter() and average several runs
    runs = 20
    start = time.perf_counter()
    for _ in range(runs):
        result = model(input)
    end = time.perf_counter()
print(f"CPU forward: {(end - start) / runs * 1000:.3f} ms per batch")

# easier: torch.utils.benchmark warms up, synchronizes CUDA and reports statistics for you
from torch.utils import benchmark

timer = benchmark.Timer(stmt="model(input)", globals={"model": model, "input": input})
print(timer.timeit(20))
