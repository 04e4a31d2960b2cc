import copy

import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(32, 8), torch.randn(32, 1)
accum_steps = 4  # 4 micro-batches of 8 samples accumulate into one batch of 32


def grads(model, micro_batches):
    model.zero_grad()
    for xb, yb in zip(x.chunk(micro_batches), y.chunk(micro_batches)):
        loss = nn.functional.mse_loss(model(xb), yb) / micro_batches  # divide by the number of accumulation steps
        loss.backward()  # gradients add up in .grad
    return torch.cat([p.grad.flatten() for p in model.parameters()])


# without BN: accumulated gradients equal the large-batch gradient
mlp = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
print("no BN, same gradient:", torch.allclose(grads(mlp, accum_steps), grads(mlp, 1), atol=1e-6))

# with BN: BN normalises with the statistics of the current micro-batch in forward(), so accumulation does not enlarge BN's batch size
bn_net = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
big = copy.deepcopy(bn_net)
g_accum, g_big = grads(bn_net, accum_steps), grads(big, 1)
print("with BN, same gradient:", torch.allclose(g_accum, g_big, atol=1e-6))
assert not torch.allclose(g_accum, g_big, atol=1e-6)

# running_mean / running_var are updated in forward(): once per micro-batch
bn = bn_net[1]
print("BN forward passes:", bn.num_batches_tracked.item(), "momentum:", bn.momentum)

# lower momentum so BN's running statistics remember more micro-batches
for m in bn_net.modules():
    if isinstance(m, nn.BatchNorm1d):
        m.momentum = 0.1 / accum_steps
print("new momentum:", bn.momentum)

# Does the note's claim hold? (the site labels the claim from this)
# with BN the accumulated gradient differs from the large batch's; BN statistics update in every micro-batch's forward
note_claim_holds = not torch.allclose(g_accum, g_big, atol=1e-6) and bn.num_batches_tracked.item() == accum_steps
