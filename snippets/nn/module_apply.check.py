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
    # apply 调用 fn 的顺序就是上面的顺序吗？每一个子模块（.modules()）都被调用到了吗？
    seen = apply_order(model)
    return [id(m) for m in seen] == [id(m) for m in children_first(model)] and set(map(id, seen)) == set(
        map(id, model.modules())
    )


def calls_on(model, module):
    # apply 对 module 调用了几次 fn？
    return sum(m is module for m in apply_order(model))


class Blocks(nn.Module):
    # 子模块作为成员变量，并各自再套一层
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 2, 3)
        self.body = nn.Sequential(nn.BatchNorm2d(2), nn.Sequential(nn.ReLU(), nn.Conv2d(2, 2, 1)))
        self.head = nn.Linear(2, 1)


shared = nn.Linear(2, 2)
# 同一个模块挂在两个不同的父模块下：每个父模块的 .children() 都返回它
shared_by_two = nn.Linear(2, 2)
two_parents = nn.Sequential(nn.Sequential(shared_by_two), nn.Sequential(nn.ReLU(), shared_by_two))
apply_cases = {
    "nested nn.Sequential (the note's)": reaches_every_submodule(net),
    "nn.ModuleList": reaches_every_submodule(nn.ModuleList([nn.Linear(2, 2), nn.ReLU()])),
    "nn.ModuleDict": reaches_every_submodule(nn.ModuleDict({"a": nn.Linear(2, 2), "b": nn.Tanh()})),
    "submodules as attributes, 3 levels": reaches_every_submodule(Blocks()),
    "a chain 5 modules deep": reaches_every_submodule(
        nn.Sequential(nn.Sequential(nn.Sequential(nn.Sequential(nn.Linear(2, 2)))))
    ),
    "one module registered under two names": reaches_every_submodule(nn.Sequential(shared, shared)),
    "one module shared by two parents": reaches_every_submodule(two_parents),
    "a layer in a plain list (not a child)": reaches_every_submodule(holder),
}

# 笔记的说法是否成立（本站据此标注核查结果）：fn 作用到了每一个子模块和 self
note_claim_holds = [id(m) for m in apply_order(net)] == [id(m) for m in expected] and all(
    apply_cases.values()
)
note_claim_cases = apply_cases
note_claim_control = [id(m) for m in apply_order(holder)] == [id(m) for m in [holder.layers[0], holder]]
# 同一父模块下的两个名字只调用一次；两个父模块下的同一个模块调用两次（apply 不去重，.modules() 去重）
assert calls_on(nn.Sequential(shared, shared), shared) == 1 and calls_on(two_parents, shared_by_two) == 2
assert len([m for m in two_parents.modules() if m is shared_by_two]) == 1
