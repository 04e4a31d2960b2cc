import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward()  # after one backward pass the graph's saved intermediate values are freed by default
print(x.grad)
y.backward()  # second backward pass: error
