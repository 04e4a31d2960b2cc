# 编者：补上 import、x 的定义和第一次反向传播，让代码能单独运行
import torch
x = torch.ones(2, 2, requires_grad=True)
out = x.sum()
out.backward()  # 第一次反向传播
print(x.grad)

out2 = x.sum()
out2.backward()
print(x.grad)

out3 = x.sum()
x.grad.data.zero_()  # 编者：清零；现在更常写作 x.grad.zero_() 或 x.grad = None
out3.backward()
print(x.grad)
