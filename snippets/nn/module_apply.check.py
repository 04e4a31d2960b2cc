# 上面记下的是类型名，两个 Sequential 分不出谁是谁：按对象本身再记一次
def apply_order(model):
    seen = []
    model.apply(seen.append)
    return seen


# 期望的顺序：先子模块（深度优先，子模块的子模块在它之前），最后是 self 本身
expected = [net[0], net[1][0], net[1][1], net[1], net]


# 对照：一个子层放在普通 list 里的模型，它不是 .children() 返回的子模块
class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 2)]


holder = Holder()
assert visited == [type(m).__name__ for m in expected]
assert all(torch.all(m.weight == 1) for m in net.modules() if isinstance(m, nn.Linear))

# 笔记的说法是否成立（本站据此标注核查结果）：fn 作用到了每一个子模块和 self
note_claim_holds = [id(m) for m in apply_order(net)] == [id(m) for m in expected]
note_claim_control = [id(m) for m in apply_order(holder)] == [id(m) for m in [holder.layers[0], holder]]
