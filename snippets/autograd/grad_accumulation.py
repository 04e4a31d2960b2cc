import torch

# 编者: 补上 x 的定义和第一次反向传播, 让代码能单独运行
x = torch.ones(2, 2, requires_grad=True)
out = x.sum()
out.backward()  # 第一次反向传播
print(x.grad)

# 再来反向传播一次，注意grad是累加的
out2 = x.sum()
out2.backward()
print(x.grad)
accumulated = torch.equal(x.grad, torch.full((2, 2), 2.))  # 1 + 1: 第二次的梯度加到了第一次上
assert accumulated

out3 = x.sum()
x.grad.data.zero_()  # 清零 (现在更常写作 x.grad.zero_() 或 x.grad = None)
out3.backward()
print(x.grad)
assert torch.equal(x.grad, torch.ones(2, 2))

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = accumulated and torch.equal(x.grad, torch.ones(2, 2))
