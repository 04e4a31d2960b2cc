import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward()  # 执行完一次反向传播后，计算图中保存的中间结果默认被释放
print(x.grad)
y.backward()  # 第二次反向传播：报错
