import time

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(*[nn.Linear(512, 512) for _ in range(4)]).eval()
input = torch.randn(64, 512)

with torch.no_grad():
    for _ in range(3):  # 预热
        model(input)
    # CPU 上的算子是同步执行的，不需要 synchronize；计时用 time.perf_counter()，并取多次的平均
    runs = 20
    start = time.perf_counter()
    for _ in range(runs):
        result = model(input)
    end = time.perf_counter()
print(f"CPU forward: {(end - start) / runs * 1000:.3f} ms per batch")

# 更省事的方式：torch.utils.benchmark 会自动预热、处理同步并给出统计
from torch.utils import benchmark

timer = benchmark.Timer(stmt="model(input)", globals={"model": model, "input": input})
print(timer.timeit(20))
