import matplotlib

matplotlib.use("Agg")  # no window, just save the image
import matplotlib.pyplot as plt
import torch
import torch.nn as nn

torch.manual_seed(0)
# a small regression task: y = 3x + 1 plus noise
x = torch.randn(256, 1)
y = 3 * x + 1 + 0.1 * torch.randn(256, 1)

model = nn.Linear(1, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

losses = []  # record the loss of every epoch
for epoch in range(30):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    losses.append(loss.item())  # .item() takes the Python number and keeps no graph

print(f"epoch 0 loss {losses[0]:.4f}, epoch 29 loss {losses[-1]:.4f}")

plt.plot(losses)
plt.xlabel("epoch")
plt.ylabel("MSE loss")
plt.yscale("log")
plt.title("training loss")
plt.savefig("loss.png", dpi=80)
print("saved loss.png")
