import copy
import statistics


# 实验：同一个工作量多次计时，取中位数：不同步时测到的时间，与同步后测到的时间
def timings(work, reps=5):
    without, synced = [], []
    work()  # 预热
    for _ in range(reps):
        torch.cuda.synchronize()
        start = time.time()
        work()
        without.append(time.time() - start)

        torch.cuda.synchronize()
        start = time.time()
        work()
        torch.cuda.synchronize()
        synced.append(time.time() - start)
    return statistics.median(without), statistics.median(synced)


def too_short(t_without, t_with):
    # 不同步时测到的时间不到同步时的一半吗？
    return t_without < t_with / 2


def forward(net, x):
    def work():
        with torch.no_grad():
            net(x)

    return work


def train_step(net, x):
    opt = torch.optim.SGD(net.parameters(), lr=1e-3)

    def work():
        opt.zero_grad()
        net(x).float().pow(2).mean().backward()
        opt.step()

    return work


def half_forward(net, x):
    def work():
        with torch.no_grad(), torch.autocast("cuda", dtype=torch.float16):
            net(x)

    return work


convnet = nn.Sequential(
    nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.Conv2d(64, 64, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
).cuda()
images = torch.randn(32, 3, 224, 224, device="cuda")
tiny = nn.Linear(64, 64).cuda()
# 网格：笔记的模型做推理、训练一步（前向 + 反向 + 优化器）、fp16 autocast 推理；卷积网络；一个很小的模型
workloads = {
    "8x Linear(4096), batch 256, forward": forward(model, input),
    "8x Linear(4096), batch 256, training step": train_step(model, input),
    "8x Linear(4096), batch 256, fp16 autocast forward": half_forward(model, input),
    "2x Conv2d(64), 32x3x224x224, forward": forward(convnet, images),
    "Linear(64, 64), batch 8, forward": forward(tiny, torch.randn(8, 64, device="cuda")),
}
medians_s = {name: timings(work) for name, work in workloads.items()}  # 每种情形：（不同步，同步）的中位数，秒
note_claim_cases = {name: too_short(*medians_s[name]) for name in workloads}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量用在 GPU 的计算远比发射它久的工作量上：一次 8192 x 8192 的矩阵乘法，得 True
big = torch.randn(8192, 8192, device="cuda")
note_claim_control = too_short(*timings(lambda: big @ big))
# CPU 上的同一个模型和 32 个样本：CPU 算子同步执行，两种计时差不多，不算“很短”
assert not too_short(*timings(forward(copy.deepcopy(model).cpu(), input[:32].cpu())))
