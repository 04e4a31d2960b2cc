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
first_matmul, second_matmul = map(
    int,
    subprocess.run(
        [sys.executable, "-c", FIRST_MATMUL], capture_output=True, text=True, check=True
    ).stdout.split(),
)

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


# 网格：读者会换的训练循环（优化器、zero_grad 的方式、推理、把每次迭代的输出留下来），
# 每种情形在新的一组层上跑 5 次迭代（输入不变），记下每次迭代之后的峰值；loss 是输出的平方的均值
def grid_loss(layers):
    return layers[2](layers[1](layers[0](inputs))).square().mean()


def note_loop(params, layers):
    return lambda: grid_loss(layers).backward()


def optimizer_loop(make_optimizer, set_to_none=True):
    def loop(params, layers):
        optimizer = make_optimizer(params)

        def step():
            optimizer.zero_grad(set_to_none=set_to_none)
            grid_loss(layers).backward()
            optimizer.step()

        return step

    return loop


def lbfgs_loop(params, layers):
    optimizer = torch.optim.LBFGS(params, lr=0.1)

    def closure():
        optimizer.zero_grad()
        loss = grid_loss(layers)
        loss.backward()
        return loss

    return lambda: optimizer.step(closure)


def inference_loop(params, layers):
    def step():
        with torch.no_grad():
            grid_loss(layers)

    return step


def keep_outputs_loop(params, layers):
    optimizer = torch.optim.SGD(params, lr=0.01)
    kept = []

    def step():
        optimizer.zero_grad()
        output = layers[2](layers[1](layers[0](inputs)))
        output.square().mean().backward()
        optimizer.step()
        kept.append(output.detach())  # 留到一个 epoch 结束时算指标

    return step


peak_grid = {
    "the note's loop: no optimizer, gradients not zeroed": note_loop,
    "SGD, zero_grad()": optimizer_loop(lambda ps: torch.optim.SGD(ps, lr=0.01)),
    "SGD momentum=0.9, zero_grad()": optimizer_loop(
        lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9)
    ),
    "Adam, zero_grad()": optimizer_loop(lambda ps: torch.optim.Adam(ps, lr=1e-3)),
    "Adam, zero_grad(set_to_none=False)": optimizer_loop(
        lambda ps: torch.optim.Adam(ps, lr=1e-3), False
    ),
    "AdamW fused=True, zero_grad()": optimizer_loop(
        lambda ps: torch.optim.AdamW(ps, lr=1e-3, fused=True)
    ),
    "LBFGS (history_size=100), step(closure)": lbfgs_loop,
    "inference under no_grad()": inference_loop,
    "SGD, each iteration's output kept (detached) for metrics": keep_outputs_loop,
}


def peaks_of(loop, iterations=5):
    layers = [
        torch.nn.Linear(1024, 1024, bias=False).cuda(),
        torch.nn.Linear(1024, 1024, bias=False).cuda(),
        torch.nn.Linear(1024, 1, bias=False).cuda(),
    ]
    step = loop([p for layer in layers for p in layer.parameters()], layers)
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    found = []
    for _ in range(iterations):
        step()
        torch.cuda.synchronize()
        found.append(torch.cuda.max_memory_allocated())
    return found


grid_peaks = {case: peaks_of(loop) for case, loop in peak_grid.items()}
# 每种情形：第二次迭代之后的峰值，之后的迭代都不再超过
peak_cases = {case: all(p == found[1] for p in found[2:]) for case, found in grid_peaks.items()}

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：x = linear1(inputs) 只增加输出的显存 (+ 4194304)
    "gpu-print-memory-workspace": first_matmul == 4194304,
    # 笔记：第二次迭代之后峰值不再增长
    "gpu-peak-after-second-iteration": peaks[2] == peaks[1] and all(peak_cases.values()),
}
note_claims_cases = {"gpu-peak-after-second-iteration": peak_cases}
# 笔记的循环：第二次迭代多了第一次留下的梯度，峰值比第一次高
assert peaks[1] > peaks[0]
# 对照：同一进程里第二次矩阵乘的增量；同样的量法只用在迭代之间不留下东西的循环上
# （网格去掉 LBFGS 和留下每次输出的两种）
carry_nothing = [case for case in peak_cases if not case.startswith(("LBFGS", "SGD, each"))]
note_claims_control = {
    "gpu-print-memory-workspace": second_matmul == 4194304,
    "gpu-peak-after-second-iteration": peaks[2] == peaks[1]
    and all(peak_cases[case] for case in carry_nothing),
}
