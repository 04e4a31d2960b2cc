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



def children_first(model):
    # 笔记说的顺序：对 .children() 返回的每个子模块递归，最后是 self
    return [m for child in model.children() for m in children_first(child)] + [model]


def reaches_every_submodule(model):
    # apply 调用 fn 的顺序就是上面的顺序吗？每一个子模块（.modules()）都恰好被调用一次吗？
    seen = apply_order(model)
    return [id(m) for m in seen] == [id(m) for m in children_first(model)] and sorted(map(id, seen)) == sorted(
        map(id, model.modules())
    )


class Blocks(nn.Module):
    # 子模块作为成员变量，并各自再套一层
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 2, 3)
        self.body = nn.Sequential(nn.BatchNorm2d(2), nn.Sequential(nn.ReLU(), nn.Conv2d(2, 2, 1)))
        self.head = nn.Linear(2, 1)


shared = nn.Linear(2, 2)
apply_cases = {
    "nested nn.Sequential (the note's)": reaches_every_submodule(net),
    "nn.ModuleList": reaches_every_submodule(nn.ModuleList([nn.Linear(2, 2), nn.ReLU()])),
    "nn.ModuleDict": reaches_every_submodule(nn.ModuleDict({"a": nn.Linear(2, 2), "b": nn.Tanh()})),
    "submodules as attributes, 3 levels": reaches_every_submodule(Blocks()),
    "a chain 5 modules deep": reaches_every_submodule(
        nn.Sequential(nn.Sequential(nn.Sequential(nn.Sequential(nn.Linear(2, 2)))))
    ),
    "one module registered under two names": reaches_every_submodule(nn.Sequential(shared, shared)),
    "a layer in a plain list (not a child)": reaches_every_submodule(holder),
}

# 笔记的说法是否成立（本站据此标注核查结果）：fn 作用到了每一个子模块和 self
note_claim_holds = [id(m) for m in apply_order(net)] == [id(m) for m in expected] and all(
    apply_cases.values()
)
note_claim_cases = apply_cases
note_claim_control = [id(m) for m in apply_order(holder)] == [id(m) for m in [holder.layers[0], holder]]
