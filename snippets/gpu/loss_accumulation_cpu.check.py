assert isinstance(total_loss, float)

# total_loss 后来被第二个循环覆盖：错误的写法在这里重做
wrong_total = 0
for step in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 10)).pow(2).mean()
    loss.backward()
    optimizer.step()
    wrong_total += loss
assert torch.is_tensor(wrong_total) and wrong_total.requires_grad
