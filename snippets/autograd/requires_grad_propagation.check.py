def dependents_require_grad(x, grad_mode):
    # 由 x 经可求导的浮点运算算出的结果是否都 requires_grad
    with torch.set_grad_enabled(grad_mode):
        y = x * 2 + torch.ones(1)
        z = y.exp()
    return y.requires_grad and z.requires_grad


assert not w.requires_grad and y.requires_grad and z.requires_grad
# 不成立的情形 (说明写明了): 比较、argmax 等不可求导的整数/布尔结果, detach() 的结果, nn.Parameter 默认 True
assert not (x > 0).requires_grad and not x.argmax().requires_grad and not (x * 2).detach().requires_grad
assert torch.nn.Parameter(torch.ones(1)).requires_grad

# 笔记的说法是否成立 (本站据此标注核查结果): 默认 False, grad 模式下依赖 x 的结果都需要梯度
note_claim_holds = not w.requires_grad and x.requires_grad and dependents_require_grad(x, grad_mode=True)
# 对照: 同样的运算放在 torch.no_grad() 里: 结果不需要梯度
note_claim_control = not w.requires_grad and x.requires_grad and dependents_require_grad(x, grad_mode=False)
