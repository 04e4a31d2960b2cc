import time

import torch

torch.manual_seed(0)
model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(256, 1024, device="cuda")


def train(detach, empty_cache_every, steps=100):
    # 每一步把上一步的输出 h 带进来（像 RNN 的隐状态）；每 empty_cache_every 步调用一次 empty_cache
    # 返回每一步的耗时（秒）和每一步之后的 memory_allocated（字节）
    h = torch.zeros(256, 1024, device="cuda")
    times, allocated = [], []
    for step in range(steps):
        torch.cuda.synchronize()
        start = time.perf_counter()
        h = torch.tanh(model(x) + h)
        h.mean().backward(retain_graph=True)  # 不 detach 时，反向传播要一路走回第一步
        if detach:
            h = h.detach()  # 切断与之前各步的计算图
        if empty_cache_every and step % empty_cache_every == 0:
            torch.cuda.empty_cache()  # 周期性地归还缓存
        torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
        allocated.append(torch.cuda.memory_allocated())
    return times, allocated


def ms(times):
    return 1000 * sum(times) / len(times)


results = {}
for detach, every in ((False, None), (False, 1), (False, 10), (True, 1)):
    times, allocated = train(detach, every)
    results[(detach, every)] = (times, allocated)
    growth = (allocated[-1] - allocated[0]) // (len(allocated) - 1)
    print(
        f"detach={detach}, empty_cache={'never' if every is None else f'every {every} steps'}:",
        f"steps 2-11 {ms(times[1:11]):.2f} ms/step, last 10 steps {ms(times[-10:]):.2f} ms/step,",
        f"memory +{growth} bytes/step",
    )
