import os
import subprocess
import sys
import traceback

# scatter_ 必须当场报错（异步执行时错误会在之后的某个调用处才报出来）
assert lesson_error is not None, "scatter_ did not raise with CUDA_LAUNCH_BLOCKING=1"

TORCH_DIR = os.path.dirname(torch.__file__)


def raising_line(error):
    # 抛出异常的那一行代码：不在 torch 包里的最内层一帧（这里是课程代码自己的那一行）
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(TORCH_DIR)]
    return frames[-1].line


# 对照：同样的代码在一个没有 CUDA_LAUNCH_BLOCKING 的新进程里运行（这个变量要在 CUDA 初始化前设置，
# 本进程已经设过了）；先让 GPU 忙一会儿，scatter_ 的核函数在它的启动调用返回之后才执行
CONTROL = """
import traceback
import torch
labels = torch.tensor([2, 0, -1, 1], device="cuda")
onehot = torch.zeros(4, 3, device="cuda")
busy = torch.randn(4096, 4096, device="cuda")
for _ in range(20):  # 排在 scatter_ 前面的几十毫秒 GPU 工作
    busy = busy @ busy
try:
    onehot.scatter_(1, labels.unsqueeze(1), 1.0)
    print(onehot.sum().item())
except RuntimeError as err:
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename == "<string>"]
    print("raised at line", frames[-1].lineno)
"""
env = {k: v for k, v in os.environ.items() if k != "CUDA_LAUNCH_BLOCKING"}
child = subprocess.run([sys.executable, "-c", CONTROL], env=env, capture_output=True, text=True, timeout=120)
control_line = ""
for out_line in child.stdout.splitlines():
    if out_line.startswith("raised at line "):
        control_line = CONTROL.splitlines()[int(out_line.split()[-1]) - 1]
assert control_line, f"the control run raised nothing: {child.stdout[-500:]} {child.stderr[-2000:]}"

# 笔记的说法是否成立（本站据此标注核查结果）
# 设置了 CUDA_LAUNCH_BLOCKING=1 时，错误就在 scatter_ 这一行抛出
note_claim_holds = "scatter_" in raising_line(lesson_error)
# 没有设置时，同样的测量：错误在之后等待 GPU 的那个调用 (.item()) 处才抛出
note_claim_control = "scatter_" in control_line
