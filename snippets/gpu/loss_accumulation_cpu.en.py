import torch

torch.manual_seed(0)
model = torch.nn.Linear(10, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

total_loss = 0
for step in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 10)).pow(2).mean()
    loss.backward()
    optimizer.step()
    total_loss += loss  # wrong: total_loss becomes a tensor with a grad_fn that references every step's graph; memory and time pile up

print(type(total_loss).__name__, total_loss.grad_fn is not None)
assert torch.is_tensor(total_loss) and total_loss.requires_grad

total_loss = 0
for step in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 10)).pow(2).mean()
    loss.backward()
    optimizer.step()
    total_loss += loss.item()  # right: take out the number only, and the graph is freed

print(type(total_loss).__name__)
assert isinstance(total_loss, float)
