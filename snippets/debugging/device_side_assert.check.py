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

# 网格：读者会碰到的其它越界核函数，每个在一个设了 CUDA_LAUNCH_BLOCKING=1 的新进程里，
# 输入先建好，再同样让 GPU 忙一会儿；每种情形：错误是否就在出错的那一行（带 "<op>" 标记的行）抛出
KERNEL = """
import traceback
import torch
import torch.nn.functional as F
labels = torch.tensor([2, 0, 3, 1], device="cuda")  # 3 个类别，3 越界
onehot, logits = torch.zeros(4, 3, device="cuda"), torch.randn(4, 3, device="cuda")
table, embedding = torch.randn(3, 8, device="cuda"), torch.nn.Embedding(3, 8).cuda()
torch.cuda.synchronize()
busy = torch.randn(4096, 4096, device="cuda")
for _ in range(20):
    busy = busy @ busy
try:
    out = OP  # <op>
    print(out.sum().item())
except RuntimeError as err:
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename == "<string>"]
    print("raised at line", frames[-1].lineno)
"""
KERNEL_OPS = {
    "scatter_ (one-hot)": "onehot.scatter_(1, labels.unsqueeze(1), 1.0)",
    "F.cross_entropy": "F.cross_entropy(logits, labels)",
    "F.nll_loss": "F.nll_loss(logits.log_softmax(1), labels)",
    "nn.Embedding lookup": "embedding(labels)",
    "advanced indexing table[labels]": "table[labels]",
    "index_select": "table.index_select(0, labels)",
    "torch.gather": "logits.gather(1, labels.unsqueeze(1))",
}


def kernel_raises_at_op(op, blocking):
    code = KERNEL.replace("OP", op)
    kernel_env = {**env, "CUDA_LAUNCH_BLOCKING": "1"} if blocking else env
    run = subprocess.run(
        [sys.executable, "-c", code], env=kernel_env, capture_output=True, text=True, timeout=120
    )
    lines = [o for o in run.stdout.splitlines() if o.startswith("raised at line ")]
    assert lines, f"{op}: raised nothing: {run.stdout[-500:]} {run.stderr[-2000:]}"
    return "<op>" in code.splitlines()[int(lines[0].split()[-1]) - 1]


kernel_cases = {f"{name}, CUDA_LAUNCH_BLOCKING=1": kernel_raises_at_op(op, True) for name, op in KERNEL_OPS.items()}
# 对照：同样的几个核函数，不设这个变量：错误在之后的 .item() 处才抛出
kernel_controls = {name: kernel_raises_at_op(op, False) for name, op in KERNEL_OPS.items()}

# 笔记的说法是否成立（本站据此标注核查结果）
# 设置了 CUDA_LAUNCH_BLOCKING=1 时，错误就在 scatter_ 这一行抛出
note_claim_holds = "scatter_" in raising_line(lesson_error) and all(kernel_cases.values())
note_claim_cases = kernel_cases
# 没有设置时，同样的测量：错误在之后等待 GPU 的那个调用 (.item()) 处才抛出
note_claim_control = "scatter_" in control_line or any(kernel_controls.values())
