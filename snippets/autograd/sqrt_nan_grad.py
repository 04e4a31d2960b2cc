# 编者：补上 import 和 x1, x2, t1, t2 的定义（笔记没有）：预测恰好等于目标，距离为 0
import torch
x1 = torch.tensor(1.0, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
t1, t2 = torch.tensor(1.0), torch.tensor(2.0)

# https://github.com/pytorch/pytorch/issues/2421
# 编者：笔记里下面的 sqrt 这一行是注释掉的；这里让它运行，并补上 backward 和打印：梯度为 nan
norm = torch.sqrt((x1 - t1)**2 + (x2 - t2)**2)
norm.backward()
print(norm.item(), x1.grad, x2.grad)

# 编者：原因：sqrt 在 0 处的导数是 inf，再乘以 (x1 - t1)**2 在 0 处的导数 0，得到 0 * inf = nan
s = torch.tensor(0.0, requires_grad=True)
torch.sqrt(s).backward()
print(s.grad)

# 编者：清空上面的梯度；下面的 norm 一行是笔记的写法 (对差向量调用 .norm(dim=0)), backward 和打印是编者加的
x1.grad = x2.grad = None
norm = (torch.stack((x1, x2)) - torch.stack((t1, t2))).norm(dim=0)
norm.backward()
print(norm.item(), x1.grad, x2.grad)
