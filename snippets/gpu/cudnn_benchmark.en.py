import time

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.ReLU(),
                            torch.nn.Conv2d(64, 64, 3, padding=1)).cuda()
x = torch.randn(32, 64, 56, 56, device="cuda")

def run(benchmark, steps=50):
    torch.backends.cudnn.benchmark = benchmark
    with torch.no_grad():
        model(x)                      # with benchmark=True the first call for this input size tries many conv algorithms, slowly
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(steps):
            model(x)
        torch.cuda.synchronize()      # the GPU is asynchronous: synchronise before and after timing
    return (time.perf_counter() - start) / steps * 1000

print(torch.backends.cudnn.benchmark)  # False by default
print(f"benchmark=False: {run(False):.3f} ms/iter")
print(f"benchmark=True:  {run(True):.3f} ms/iter")
