import copy
import gc
import weakref

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 256), nn.ReLU(),
                      nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 1))
block1, block2 = model[:4], model[4:]
x = torch.randn(64, 256)  # the data itself


def graph_bytes(forward, model=model, x=x):
    # every tensor the graph saves for backward (the intermediate activations) passes the pack
    # hook; those still alive after forward are the memory the graph holds (parameters and the
    # input data do not count)
    fixed = {p.untyped_storage().data_ptr() for p in model.parameters()}
    fixed.add(x.untyped_storage().data_ptr())
    saved = []

    def pack(t):
        kept = t.detach()  # shares memory with t; this is what the graph keeps
        saved.append((weakref.ref(kept), t.untyped_storage().nbytes(), t.untyped_storage().data_ptr()))
        return kept

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = forward()
    gc.collect()
    alive = {ptr: n for ref, n, ptr in saved if ref() is not None and ptr not in fixed}
    loss.backward()
    return sum(alive.values())


full = graph_bytes(lambda: model(x).sum())
# checkpoint: block1's activations are not kept but recomputed during backward
ckpt = graph_bytes(lambda: block2(checkpoint(block1, x, use_reentrant=False)).sum())
# lower precision: bfloat16 activations take half the bytes
low_model = copy.deepcopy(model).to(torch.bfloat16)
low = graph_bytes(lambda: low_model(x.bfloat16()).float().sum(), low_model, x.bfloat16())
# detach() a result that needs no gradient: block1's graph is freed
detached = graph_bytes(lambda: block2(block1(x).detach()).sum())

print(f"input data:          {x.nbytes:>9,} bytes")
for name, n in [("full graph", full), ("checkpoint(block1)", ckpt), ("bfloat16", low),
                ("block1(x).detach()", detached)]:
    print(f"{name + ':':20s} {n:>9,} bytes of activations held by the graph")
assert ckpt < full and low < full and detached < full

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = ckpt < full and low < full and detached < full
