import subprocess
import sys

# 第一次矩阵乘的增量只有进程里的第一次矩阵乘才看得到（之后的矩阵乘复用 cuBLAS 的 workspace）：
# 在一个新的进程里重做到 x = linear1(inputs) 为止的几步，再做一次同样的矩阵乘作对照
FIRST_MATMUL = """
import torch
linear1 = torch.nn.Linear(1024,1024, bias=False).cuda()
inputs = torch.tensor([[1.0]*1024]*1024).cuda()
before = torch.cuda.memory_allocated()
x = linear1(inputs)
middle = torch.cuda.memory_allocated()
y = linear1(inputs)
print(middle - before, torch.cuda.memory_allocated() - middle)
"""
first_matmul, second_matmul = map(int, subprocess.run(
    [sys.executable, "-c", FIRST_MATMUL], capture_output=True, text=True, check=True).stdout.split())

# 峰值：在新的一组层上重做三次迭代（输入不变），从这里开始统计
fresh1 = torch.nn.Linear(1024, 1024, bias=False).cuda()
fresh2 = torch.nn.Linear(1024, 1024, bias=False).cuda()
fresh3 = torch.nn.Linear(1024, 1, bias=False).cuda()


def iteration():
    sum(fresh3(fresh2(fresh1(inputs)))).backward()  # 和笔记一样不清零梯度
    torch.cuda.synchronize()
    return torch.cuda.max_memory_allocated()


torch.cuda.synchronize()
torch.cuda.reset_peak_memory_stats()
peaks = [iteration() for _ in range(3)]  # 第 1、2、3 次迭代之后的峰值
assert fresh1.weight.grad is not None

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：x = linear1(inputs) 只增加输出的显存 (+ 4194304)
    "gpu-print-memory-workspace": first_matmul == 4194304,
    # 笔记：第二次迭代之后峰值不再增长
    "gpu-peak-after-second-iteration": peaks[2] == peaks[1],
}
# 对照：同一进程里第二次矩阵乘的增量；第一次到第二次迭代之间的峰值
note_claims_control = {
    "gpu-print-memory-workspace": second_matmul == 4194304,
    "gpu-peak-after-second-iteration": peaks[1] == peaks[0],
}
