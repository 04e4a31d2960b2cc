# grad 是累加的: 在一个新张量上重做两次反向传播 (上面的代码后来把 x.grad 清零了)
fresh = torch.ones(2, 2, requires_grad=True)
fresh.sum().backward()
fresh.sum().backward()
accumulated = torch.equal(fresh.grad, torch.full((2, 2), 2.))  # 1 + 1: 第二次的梯度加到了第一次上
assert accumulated

assert torch.equal(x.grad, torch.ones(2, 2))  # 清零后再反向传播一次: 1

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = accumulated and torch.equal(x.grad, torch.ones(2, 2))
