assert a[0] == 1  # 改 b 就是改 a
assert a[1] == 0  # clone 出的副本与 a 互不影响

# 课中随后把 x.grad 清空又重算: 在一个新张量上重做 clone 的反向传播
fresh = torch.ones(3, requires_grad=True)
(fresh.clone() * 2).sum().backward()
clone_tracked = torch.equal(fresh.grad, torch.full((3,), 2.))
assert clone_tracked

copy_tracked = d.requires_grad and torch.equal(x.grad, torch.full((3,), 3.))
assert copy_tracked

assert not e.requires_grad

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: copy_() 不会追踪梯度, 而 clone 会
note_claim_holds = clone_tracked and not copy_tracked
