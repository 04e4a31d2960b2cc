import torch

# 编者: 补上 x1, x2, t1, t2 的定义、backward、打印和中间两段演示; 笔记只有 issue 链接、sqrt 那一行 (原文是注释) 和最后的 .norm(dim=0) 写法
x1 = torch.tensor(1.0, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
t1, t2 = torch.tensor(1.0), torch.tensor(2.0)  # 预测恰好等于目标: 距离为 0

# https://github.com/pytorch/pytorch/issues/2421
norm = torch.sqrt((x1 - t1)**2 + (x2 - t2)**2)
norm.backward()
print(norm.item(), x1.grad, x2.grad)  # 梯度为 nan

# 原因: sqrt 在 0 处的导数是 inf, 再乘以 (x1 - t1)**2 在 0 处的导数 0, 得到 0 * inf = nan
s = torch.tensor(0.0, requires_grad=True)
torch.sqrt(s).backward()
print(s.grad)

# 换用 torch.norm (或 torch.linalg.vector_norm): 在 0 处返回次梯度 0, 不会出现 nan
x1.grad = x2.grad = None
norm = torch.norm(torch.stack([x1 - t1, x2 - t2]))
norm.backward()
print(norm.item(), x1.grad, x2.grad)

# 笔记原文的写法: 对差向量调用 .norm(dim=0), 效果相同
x1.grad = x2.grad = None
norm = (torch.stack((x1, x2)) - torch.stack((t1, t2))).norm(dim=0)
norm.backward()
print(norm.item(), x1.grad, x2.grad)
