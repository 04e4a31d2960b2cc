assert not a.requires_grad and not torch.equal(a, b)
assert not out.requires_grad and torch.equal(running_mean, model[1].running_mean)

# 只调用 eval() 时仍然构建计算图: 重做一次 (课程代码后来把 out 换成了 no_grad 下的输出)
model.eval()
eval_only_out = model(x)
assert eval_only_out.requires_grad and eval_only_out.grad_fn is not None

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not a.requires_grad and not torch.equal(a, b) and torch.equal(running_mean, model[1].running_mean)
