# 编者：笔记只有标注“正确”的那段计时代码；模型、预热、不同步的计时和 CUDA event 计时是编者加的，用来对比
import time
import torch
import torch.nn as nn
model = nn.Sequential(*[nn.Linear(4096, 4096) for _ in range(8)]).cuda().eval()
input = torch.randn(256, 4096, device="cuda")
with torch.no_grad():
    for _ in range(3):  # 预热：CUDA 初始化、cuBLAS 选算法
        model(input)

    # 编者：错误：不同步，只测到了 kernel 的发射时间
    torch.cuda.synchronize()
    start = time.time()
    result = model(input)
    end = time.time()
    print(f"without synchronize: {(end - start) * 1000:.3f} ms")

    # 编者：正确（下面五行是笔记中的代码，print 是编者加的）
    torch.cuda.synchronize() # 等待当前设备上所有流中的所有核心完成
    start = time.time() 
    result = model(input) 
    torch.cuda.synchronize() 
    end = time.time()
    print(f"with synchronize:    {(end - start) * 1000:.3f} ms")

    # 编者：也可以用 CUDA event 计时
    start_event = torch.cuda.Event(enable_timing=True)
    end_event = torch.cuda.Event(enable_timing=True)
    start_event.record()
    result = model(input)
    end_event.record()
    torch.cuda.synchronize()
    print(f"cuda.Event:          {start_event.elapsed_time(end_event):.3f} ms")
