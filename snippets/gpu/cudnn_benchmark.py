import time

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.ReLU(),
                            torch.nn.Conv2d(64, 64, 3, padding=1)).cuda()
x = torch.randn(32, 64, 56, 56, device="cuda")

def run(benchmark, steps=50):
    torch.backends.cudnn.benchmark = benchmark
    with torch.no_grad():
        model(x)                      # benchmark=True 时, 第一次遇到这个输入尺寸会试跑各种卷积算法, 较慢
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(steps):
            model(x)
        torch.cuda.synchronize()      # GPU 是异步的, 计时前后都要同步
    return (time.perf_counter() - start) / steps * 1000

print(torch.backends.cudnn.benchmark)  # 默认是 False
t_default = run(False)
print(f"benchmark=False: {t_default:.3f} ms/iter")
t_benchmark = run(True)
print(f"benchmark=True:  {t_benchmark:.3f} ms/iter")
