import subprocess
import sys

# cuDNN 在进程里按输入尺寸缓存选好的卷积算法: 为了两种设置互不影响, 每种设置在一个新的进程里计时。
# 先用第一个尺寸预热 (benchmark=True 时在这里试跑各种卷积算法), 再计时;
# 计时中遇到新的尺寸时, benchmark=True 又要试跑一遍。GPU 是异步的, 计时前后都要同步
TIMING = """
import sys, time, torch
torch.backends.cudnn.benchmark = sys.argv[1] == "True"
sizes = [int(s) for s in sys.argv[2].split(",")]
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.ReLU(),
                            torch.nn.Conv2d(64, 64, 3, padding=1)).cuda()
inputs = {s: torch.randn(32, 64, s, s, device="cuda") for s in set(sizes)}
with torch.no_grad():
    model(inputs[sizes[0]])
    torch.cuda.synchronize()
    start = time.perf_counter()
    for s in sizes:
        model(inputs[s])
    torch.cuda.synchronize()
print((time.perf_counter() - start) / len(sizes) * 1000)
"""


def ms_per_iter(benchmark, sizes):
    out = subprocess.run([sys.executable, "-c", TIMING, str(benchmark), ",".join(map(str, sizes))],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


fixed = [56] * 200               # 输入尺寸固定
t_default, t_benchmark = ms_per_iter(False, fixed), ms_per_iter(True, fixed)
print(f"fixed size    benchmark=False: {t_default:.3f} ms/iter, benchmark=True: {t_benchmark:.3f} ms/iter")

varying = list(range(40, 80))    # 每一次的输入尺寸都不同
t_default_var, t_benchmark_var = ms_per_iter(False, varying), ms_per_iter(True, varying)
print(f"varying sizes benchmark=False: {t_default_var:.3f} ms/iter, benchmark=True: {t_benchmark_var:.3f} ms/iter")
