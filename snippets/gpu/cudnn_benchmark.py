import json
import statistics
import subprocess
import sys

# cuDNN 在进程里按输入尺寸缓存选好的卷积算法：为了两种设置互不影响，每种设置在一个新的进程里计时。
# 先用第一个尺寸预热（benchmark=True 时在这里试跑各种卷积算法），再计时；
# 计时中遇到新的尺寸时，benchmark=True 又要试跑一遍。GPU 是异步的，计时前后都要同步
TIMING = """
import json, sys, time, torch
torch.backends.cudnn.benchmark = sys.argv[1] == "True"
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Conv2d(64, 64, 3, padding=1), torch.nn.ReLU(),
                            torch.nn.Conv2d(64, 64, 3, padding=1)).cuda()

def ms_per_iter(batch, sizes):
    inputs = {s: torch.randn(batch, 64, s, s, device="cuda") for s in set(sizes)}
    torch.cuda.synchronize()
    start = time.perf_counter()
    for s in sizes:
        model(inputs[s])
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / len(sizes) * 1000

with torch.no_grad():
    ms_per_iter(32, [56])
    print(json.dumps({
        "fixed": [ms_per_iter(32, [56] * 200) for _ in range(5)],
        "smaller_batch": [ms_per_iter(24, [56] * 200) for _ in range(5)],
        "new_sizes": ms_per_iter(32, list(range(40, 80))),
        "seen_sizes": ms_per_iter(32, list(range(40, 80))),
    }))
"""


def timings(benchmark):
    out = subprocess.run([sys.executable, "-c", TIMING, str(benchmark)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


# 两种设置交替，各在 3 个进程里计时：输入尺寸固定时每个进程计时 5 次，看得见计时的波动；
# 然后每次换一个没见过的输入尺寸（benchmark=True 每次都要重新试跑），再把这些尺寸重来一遍
runs = {False: [], True: []}
for _ in range(3):
    for benchmark in (False, True):
        runs[benchmark].append(timings(benchmark))

for benchmark, per_process in runs.items():
    fixed = [t for run in per_process for t in run["fixed"]]
    new = statistics.median(run["new_sizes"] for run in per_process)
    print(f"benchmark={benchmark!s:5}  fixed size: {min(fixed):.3f}-{max(fixed):.3f} ms/iter, "
          f"a new size every iteration: {new:.3f} ms/iter (median of 3 processes)")
