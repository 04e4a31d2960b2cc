import torch
import torch.nn as nn

wd, lr = 0.1, 0.01
x, y = torch.randn(32, 8, generator=torch.Generator().manual_seed(1)), torch.randn(32, 1, generator=torch.Generator().manual_seed(2))


def train(opt_class, weight_decay, l2, **kw):
    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    optimizer = opt_class(model.parameters(), lr=lr, weight_decay=weight_decay, **kw)
    for _ in range(50):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        if l2:  # L2 regularisation: L' = L + λ/2 · ∑w²
            loss = loss + wd / 2 * sum(p.pow(2).sum() for p in model.parameters())
        loss.backward()
        optimizer.step()
    return model.weight.detach()


# SGD (with momentum): weight_decay is exactly the same as adding an L2 term to the loss
sgd_wd, sgd_l2 = train(torch.optim.SGD, wd, False, momentum=0.9), train(torch.optim.SGD, 0, True, momentum=0.9)
print("SGD:  weight_decay == L2 :", torch.allclose(sgd_wd, sgd_l2, atol=1e-6))

# Adam: torch.optim.Adam's weight_decay adds λ·w to the gradient, i.e. it is L2 regularisation (coupled with the adaptive step size)
adam_wd, adam_l2 = train(torch.optim.Adam, wd, False), train(torch.optim.Adam, 0, True)
print("Adam: weight_decay == L2 :", torch.allclose(adam_wd, adam_l2, atol=1e-6))

# AdamW: decoupled weight decay w ← w - lr·λ·w, which differs from Adam + L2
adamw = train(torch.optim.AdamW, wd, False)
print("AdamW == Adam + L2       :", torch.allclose(adamw, adam_l2, atol=1e-6))

assert torch.allclose(sgd_wd, sgd_l2, atol=1e-6)
assert torch.allclose(adam_wd, adam_l2, atol=1e-6)
assert not torch.allclose(adamw, adam_l2, atol=1e-6)

# weight decay alone (zero gradient): one step gives w ← w - lr·λ·w
w = nn.Parameter(torch.ones(3))
w.grad = torch.zeros(3)
torch.optim.SGD([w], lr=lr, weight_decay=wd).step()
print("SGD decay step:", w.detach(), "expected", 1 - lr * wd)
assert torch.allclose(w.detach(), torch.full((3,), 1 - lr * wd))
# Do the note's three claims hold? (the site labels the claims from this)
note_claims_hold = {
    # the note's formula W(t+1)' = W(t+1) - W(t): one step removes all of W, no lr·λ factor
    "training-wd-formula": torch.allclose(w.detach(), torch.zeros(3)),
    "training-sgd-l2-equals-wd": torch.allclose(sgd_wd, sgd_l2, atol=1e-6),
    # decoupled weight decay (AdamW) differs from Adam + L2
    "training-adam-l2-coupled": not torch.allclose(adamw, adam_l2, atol=1e-6),
}
