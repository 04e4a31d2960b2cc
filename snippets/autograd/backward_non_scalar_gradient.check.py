# 传入 gradient 时 x.grad 是向量 - 雅可比积：在一个新张量上重做（上面的代码后来把 x.grad 清空重算了）
fresh = torch.ones(3, requires_grad=True)
(fresh * 2).backward(gradient=torch.tensor([1.0, 0.1, 0.01]))
assert torch.allclose(fresh.grad, torch.tensor([2.0, 0.2, 0.02]))
