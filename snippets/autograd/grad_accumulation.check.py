def grad_after_two_backwards(reset_between):
    # 在新张量上做两次反向传播后的 x.grad (reset_between: 两次之间把 grad 清空)
    fresh = torch.ones(2, 2, requires_grad=True)
    fresh.sum().backward()
    if reset_between:
        fresh.grad = None
    fresh.sum().backward()
    return fresh.grad


assert torch.equal(x.grad, torch.ones(2, 2))  # 清零后再反向传播一次: 1

# 笔记的说法是否成立 (本站据此标注核查结果): 1 + 1, 第二次的梯度加到了第一次上
note_claim_holds = torch.equal(grad_after_two_backwards(reset_between=False), torch.full((2, 2), 2.))
# 对照: 两次之间清空梯度, 同样的测量得到 1 而不是 2
note_claim_control = torch.equal(grad_after_two_backwards(reset_between=True), torch.full((2, 2), 2.))
