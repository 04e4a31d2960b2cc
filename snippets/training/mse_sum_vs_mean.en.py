import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(10, 1)
x_all = torch.randn(512, 10)
y_all = torch.randn(512, 1)

# reduction='sum': loss and gradients grow linearly with the batch size; 'mean' does not depend on it
for reduction in ("sum", "mean"):
    criterion = nn.MSELoss(reduction=reduction)
    for batch in (8, 64, 512):
        model.zero_grad()
        loss = criterion(model(x_all[:batch]), y_all[:batch])
        loss.backward()
        grad_norm = model.weight.grad.norm().item()
        print(f"{reduction:4s} batch={batch:3d}  loss={loss.item():9.3f}  grad norm={grad_norm:8.3f}")


# same learning rate: with reduction='sum' the gradients explode on a large batch, 'mean' converges
def train(reduction, lr=0.01, steps=20):
    torch.manual_seed(0)
    net = nn.Linear(10, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=lr)
    criterion = nn.MSELoss(reduction=reduction)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = criterion(net(x_all), y_all)
        loss.backward()
        optimizer.step()
    return loss.item()


final_sum, final_mean = train("sum"), train("mean")
print("final loss, sum :", final_sum)
print("final loss, mean:", final_mean)
assert not torch.isfinite(torch.tensor(final_sum)) or final_sum > 1e6
assert final_mean < 2

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = (not torch.isfinite(torch.tensor(final_sum)) or final_sum > 1e6) and final_mean < 2
