assert torch.equal(a.grad, torch.zeros(3))


def sigmoid_grad(edit_through_data):
    fresh = torch.tensor([1., 2., 3.], requires_grad=True)
    out = fresh.sigmoid()
    if edit_through_data:
        out.data.zero_()
    out.sum().backward()  # 两种情况都不报错
    return fresh.grad


# 笔记的说法是否成立 (本站据此标注核查结果): 梯度与正确值不同
note_claim_holds = not torch.allclose(a.grad, expected)
# 对照: 不经 .data 修改, 同样的测量: 梯度与正确值相同
note_claim_control = not torch.allclose(sigmoid_grad(edit_through_data=False), expected)
assert torch.equal(sigmoid_grad(edit_through_data=True), a.grad)
