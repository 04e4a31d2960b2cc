import torch
import torch.nn as nn
from torch.optim.swa_utils import SWALR, AveragedModel, update_bn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.randn(256, 8)
y = x.sum(dim=1, keepdim=True)
loader = DataLoader(TensorDataset(x, y), batch_size=32, shuffle=True)

model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
swa_model = AveragedModel(model)        # keeps the running average of the weights
swa_scheduler = SWALR(optimizer, swa_lr=0.01)
swa_start = 10

for epoch in range(20):
    for xb, yb in loader:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(xb), yb).backward()
        optimizer.step()
    if epoch >= swa_start:
        swa_model.update_parameters(model)  # add the current weights to the average
        swa_scheduler.step()

# the averaged weights need fresh BN running_mean / running_var statistics
update_bn(loader, swa_model)

model.eval()
swa_model.eval()
with torch.no_grad():
    print("averaged", int(swa_model.n_averaged), "models")
    print("last model loss:", round(nn.functional.mse_loss(model(x), y).item(), 4))
    print("SWA model loss: ", round(nn.functional.mse_loss(swa_model(x), y).item(), 4))
