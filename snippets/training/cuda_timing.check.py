import copy
import statistics


# 实验：同一个模型多次计时，取中位数：不同步时测到的时间，与同步后测到的时间
def timings(net, x, reps=5):
    without, synced = [], []
    with torch.no_grad():
        net(x)
        for _ in range(reps):
            torch.cuda.synchronize()
            start = time.time()
            net(x)
            without.append(time.time() - start)

            torch.cuda.synchronize()
            start = time.time()
            net(x)
            torch.cuda.synchronize()
            synced.append(time.time() - start)
    return statistics.median(without), statistics.median(synced)


def too_short_without_sync(net, x):
    t_without, t_with = timings(net, x)
    return t_without < t_with / 2


# 笔记的说法是否成立（本站据此标注核查结果）
# GPU 上：没有 synchronize() 时测到的时间不到真实时间的一半
note_claim_holds = too_short_without_sync(model, input)
# 对照：同样的测量用在 CPU 上的同一个模型和 32 个样本（CPU 算子同步执行，两种计时应当差不多）
note_claim_control = too_short_without_sync(copy.deepcopy(model).cpu(), input[:32].cpu())
