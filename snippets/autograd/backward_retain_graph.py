import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward(retain_graph=True)  # 保留计算图
g1 = x.grad.clone()
y.backward()  # 第二次可以执行，梯度累加
print(g1, x.grad)
