import torch

torch.manual_seed(0)
model = torch.nn.Linear(1024, 1024).cuda()
x = torch.randn(256, 1024, device="cuda")


def grown_per_step(keep_graph, steps=20):
    # 每一步都调用 empty_cache, 返回从第一步到最后一步平均每步 memory_allocated 增加的字节数
    total_loss = 0
    allocated = []
    for _ in range(steps):
        loss = model(x).relu().mean()  # 没有 torch.no_grad(): 计算图和它保存的中间结果都留着
        total_loss += loss if keep_graph else loss.item()
        torch.cuda.empty_cache()  # 周期性地 (这里每一步) 归还缓存
        allocated.append(torch.cuda.memory_allocated())
    return (allocated[-1] - allocated[0]) // (steps - 1)


# total_loss += loss: 每一步的计算图都被留住, empty_cache 也释放不了
leak = grown_per_step(keep_graph=True)
print("total_loss += loss:       ", leak, "bytes per step")
# total_loss += loss.item(): 计算图随即释放
no_leak = grown_per_step(keep_graph=False)
print("total_loss += loss.item():", no_leak, "bytes per step")
