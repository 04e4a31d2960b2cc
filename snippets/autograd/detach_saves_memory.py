import copy
import gc
import weakref

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

gc.freeze()  # 已有的对象（torch 自己的几十万个）以后的 gc.collect() 不再逐个检查：每次测量快十倍
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 256), nn.ReLU(),
                      nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 1))
block1, block2 = model[:4], model[4:]
x = torch.randn(64, 256)  # 数据本身


def graph_bytes(forward, model=model, x=x):
    # 计算图为反向传播保存的张量（中间激活）都会经过 pack 钩子；
    # forward 之后还活着的那些，就是计算图占住的内存（参数和输入数据本身不算）
    fixed = {p.untyped_storage().data_ptr() for p in model.parameters()}
    fixed.add(x.untyped_storage().data_ptr())
    saved = []

    def pack(t):
        kept = t.detach()  # 与 t 共享内存，计算图保存的就是它
        saved.append((weakref.ref(kept), t.untyped_storage().nbytes(), t.untyped_storage().data_ptr()))
        return kept

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = forward()
    gc.collect()
    alive = {ptr: n for ref, n, ptr in saved if ref() is not None and ptr not in fixed}
    loss.backward()
    return sum(alive.values())


full = graph_bytes(lambda: model(x).sum())
# checkpoint：不保存 block1 的中间激活，反向传播时重新计算
ckpt = graph_bytes(lambda: block2(checkpoint(block1, x, use_reentrant=False)).sum())
# 改变精度：bfloat16 的激活只占一半
low_model = copy.deepcopy(model).to(torch.bfloat16)
xb = x.bfloat16()  # 输入数据的 bfloat16 副本：送进模型的和不计入激活的是同一个张量
low = graph_bytes(lambda: low_model(xb).float().sum(), low_model, xb)
# 不再需要梯度的结果 detach(): block1 的计算图被释放
detached = graph_bytes(lambda: block2(block1(x).detach()).sum())


# 混合精度 (torch.autocast)：激活是 bfloat16，但计算图还保存了每个权重的 bfloat16 副本
def amp_forward():
    with torch.autocast("cpu", dtype=torch.bfloat16):
        return model(x).float().sum()


amp = graph_bytes(amp_forward)

print(f"input data:          {x.nbytes:>9,} bytes")
for name, n in [("full graph", full), ("checkpoint(block1)", ckpt), ("bfloat16", low),
                ("block1(x).detach()", detached), ("autocast(bfloat16)", amp)]:
    print(f"{name + ':':20s} {n:>9,} bytes held by the graph, {n / full:.2f} of the full graph")
