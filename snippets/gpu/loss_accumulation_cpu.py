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
    total_loss += loss  # 错误：total_loss 变成带 grad_fn 的 tensor，把每一步的计算图串起来留着，越积越多

print(type(total_loss).__name__, total_loss.grad_fn is not None)

total_loss = 0
for step in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 10)).pow(2).mean()
    loss.backward()
    optimizer.step()
    total_loss += loss.item()  # 正确：只取出数值，计算图随之释放

print(type(total_loss).__name__)
