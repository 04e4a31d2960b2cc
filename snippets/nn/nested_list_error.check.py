import torch


# 普通 list（或包装好的内层）进入容器的 9 条路径：构造函数、append、extend、insert、下标赋值、+=、
# nn.Sequential、nn.ModuleDict 的构造函数和下标赋值
def one_conv_list():
    return nn.ModuleList([nn.Conv2d(128, 16, 1)])


def set_item(container, key, inner):
    container[key] = inner
    return container


def add_in_place(container, inner):
    container += [inner]
    return container


entry_paths = {
    "nn.ModuleList([inner, ...])": lambda inner: nn.ModuleList([inner for i in range(nstack)]),
    "ModuleList.append(inner)": lambda inner: nn.ModuleList().append(inner),
    "ModuleList.extend([inner])": lambda inner: nn.ModuleList().extend([inner]),
    "ModuleList.insert(0, inner)": lambda inner: one_conv_list().insert(0, inner),
    "ml[0] = inner": lambda inner: set_item(one_conv_list(), 0, inner),
    "ml += [inner]": lambda inner: add_in_place(nn.ModuleList(), inner),
    "nn.Sequential(inner)": lambda inner: nn.Sequential(inner),
    "nn.ModuleDict({'k': inner})": lambda inner: nn.ModuleDict({"k": inner}),
    "md['k'] = inner": lambda inner: set_item(nn.ModuleDict(), "k", inner),
}


def raises_at_the_call(path, wrap_inner):
    # 放进内层的这一次调用是否因内层的类型报 TypeError？
    try:
        path(wrap_inner([nn.Conv2d(128, 16, 1) for j in range(4)]))
    except TypeError:
        return True
    return False


# 网格：内层是普通 list，经由每条路径进入容器
nested_list_cases = {
    f"{name}: a plain inner list raises TypeError at that call": raises_at_the_call(path, list)
    for name, path in entry_paths.items()
}

# insert 不检查类型：普通 list 留在 ModuleList 里，len、repr 和逐层前向都照常运行，
# 到 .parameters() / .to() / .state_dict() 时才报错（报的不是类型要求）
inserted = one_conv_list()
inserted.insert(0, [nn.Conv2d(128, 16, 1) for j in range(4)])
assert type(inserted[0]) is list and len(inserted) == 2 and repr(inserted)
assert [conv(torch.zeros(1, 128, 2, 2)).shape[1] for conv in inserted[0]] == [16] * 4
later_errors = {}
for name, use in {
    "parameters": lambda: list(inserted.parameters()),
    "to": lambda: inserted.to(torch.float64),
    "state_dict": lambda: inserted.state_dict(),
}.items():
    try:
        use()
    except (AttributeError, TypeError) as err:
        later_errors[name] = f"{type(err).__name__}: {err}"
assert set(later_errors) == {"parameters", "to", "state_dict"}
assert "Module subclass" not in "".join(later_errors.values())

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = "is not a Module subclass" in str(lesson_error) and all(
    nested_list_cases.values()
)
note_claim_cases = nested_list_cases
# 对照：内层也用 nn.ModuleList 包装，经由同样的 9 条路径：没有一条报错
note_claim_control = not any(
    raises_at_the_call(path, nn.ModuleList) for path in entry_paths.values()
)
