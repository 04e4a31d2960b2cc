# 同样的层放进 nn.Sequential，同样地直接调用，看它报不报同一个错
def missing_forward_error(container):
    try:
        container(torch.randn(2, 4))
    except NotImplementedError as err:
        return err
    return None


sequential_error = missing_forward_error(nn.Sequential(nn.Linear(4, 8), nn.ReLU()))
assert isinstance(lesson_error, NotImplementedError)


def has_no_forward(container):
    # 直接调用时报的是“缺少 forward”的 NotImplementedError 吗？
    return 'missing the required "forward" function' in str(missing_forward_error(container) or "")


def three_layers():
    torch.manual_seed(0)
    return [nn.Linear(4, 8), nn.ReLU(), nn.Tanh()]


extra = nn.Sigmoid()
# 读取的操作比较返回值，修改的操作比较之后的内容（ModuleList 的 append 等返回它自身，list 的返回 None）
READS = {
    "len(c)": lambda c: len(c),
    "c[0], c[-1]": lambda c: (c[0], c[-1]),
    "c[0:2]": lambda c: list(c[0:2]),
    "iteration": lambda c: list(c),
    "x in c": lambda c: c[1] in c,
    "c.index(x)": lambda c: c.index(c[1]),
    "c.count(x)": lambda c: c.count(c[1]),
    "c.copy()": lambda c: list(c.copy()),
    "c * 2": lambda c: list(c * 2),
}
WRITES = {
    "c.append(m)": lambda c: c.append(extra),
    "c.extend([m])": lambda c: c.extend([extra]),
    "c.insert(0, m)": lambda c: c.insert(0, extra),
    "c.pop(0)": lambda c: c.pop(0),
    "del c[0]": lambda c: c.__delitem__(0),
    "c[0] = m": lambda c: c.__setitem__(0, extra),
    "c += [m]": lambda c: c.__iadd__([extra]),
    "c.remove(x)": lambda c: c.remove(c[0]),
    "c.reverse()": lambda c: c.reverse(),
    "c.clear()": lambda c: c.clear(),
    "c[0:1] = [m]": lambda c: c.__setitem__(slice(0, 1), [extra]),
    "c.append(3), not a Module": lambda c: c.append(3),
}


def like_a_list(op, reads):
    # 同一个操作用在 list 和 ModuleList 上（装着同样的层）：都不报错，结果相同吗？
    results = []
    for c in (three_layers(), nn.ModuleList(three_layers())):
        try:
            returned = op(c)
        except (AttributeError, TypeError):
            return False
        results.append(repr(returned) if reads else [repr(m) for m in c])
    return results[0] == results[1]


class Holder(nn.Module):
    # 把层放进一个模型的成员变量：list 或 nn.ModuleList
    def __init__(self, layers):
        super().__init__()
        self.layers = layers


def registers_like_a_list():
    # 模型的 parameters() 里有没有这些层的参数：list 与 nn.ModuleList 一样吗？
    counts = [len(list(Holder(c).parameters())) for c in (three_layers(), nn.ModuleList(three_layers()))]
    return counts[0] == counts[1]


# 网格：直接调用 3 种 ModuleList；list 的 21 种操作；放进模型后参数是否注册
forward_cases = {
    "no forward: the note's ModuleList": has_no_forward(layers),
    "no forward: an empty ModuleList": has_no_forward(nn.ModuleList()),
    "no forward: a ModuleList holding one nn.Sequential": has_no_forward(
        nn.ModuleList([nn.Sequential(nn.Linear(4, 8), nn.ReLU())])
    ),
}
list_cases = {f"like a list: {name}": like_a_list(op, True) for name, op in READS.items()}
list_cases |= {f"like a list: {name}": like_a_list(op, False) for name, op in WRITES.items()}
list_cases["like a list: a model's parameters() (registration)"] = registers_like_a_list()
note_claim_cases = forward_cases | list_cases

# 笔记的说法是否成立（本站据此标注核查结果）：没有 forward，而且用起来就像 list
note_claim_holds = 'missing the required "forward" function' in str(lesson_error) and all(
    note_claim_cases.values()
)
# 对照：同样的网格，只留 ModuleList 实现了的 list 操作（以及“没有 forward”）：都成立
supported = ["len(c)", "c[0], c[-1]", "c[0:2]", "iteration", "x in c", "c.append(m)", "c.extend([m])"]
supported += ["c.insert(0, m)", "c.pop(0)", "del c[0]", "c[0] = m", "c += [m]"]
note_claim_control = all(forward_cases.values()) and all(list_cases[f"like a list: {name}"] for name in supported)
# nn.Sequential 有 forward：同样地直接调用不报错
assert sequential_error is None and not has_no_forward(nn.Sequential(nn.Linear(4, 8)))
