# 对照用的模型：同样的模型，只是 plain 也注册成了 buffer
class PlainRegistered(Model):
    def __init__(self):
        super().__init__()
        del self.plain
        self.register_buffer("plain", torch.zeros(2))


def moved_registered_only(model):
    return model.weight.device.type == model.running.device.type == "meta" and model.plain.device.type == "cpu"


def saved_keys(model):
    return list(model.state_dict().keys())


def update_reaches_state_dict(update):
    # 在 forward 之外做一次更新，state_dict 里的 buffer 变成 5 了吗？
    fresh = Model()
    update(fresh)
    return torch.equal(fresh.state_dict()["running"], torch.full((2,), 5.0))


# state_dict 的键（上面的代码后面把 m 移到了 meta 设备：在一个新的模型上看）
registered_saved = saved_keys(Model()) == ["weight", "running"]
plain_registered_saved = saved_keys(PlainRegistered()) == ["weight", "running"]
# persistent=False 注册的 buffer 不进 state_dict
not_persistent = Model()
not_persistent.register_buffer("scratch", torch.zeros(2), persistent=False)
assert "scratch" not in saved_keys(not_persistent) and "scratch" in dict(not_persistent.named_buffers())



def with_member(kind):
    # 一个模型只多出一样东西 (kind)，名叫 extra
    model = nn.Module()
    if kind == "nn.Parameter":
        model.extra = nn.Parameter(torch.ones(2))
    elif kind == "nn.Parameter, requires_grad=False":
        model.extra = nn.Parameter(torch.ones(2), requires_grad=False)
    elif kind == "register_buffer":
        model.register_buffer("extra", torch.ones(2))
    elif kind == "register_buffer, persistent=False":
        model.register_buffer("extra", torch.ones(2), persistent=False)
    elif kind == "an int64 buffer (as BatchNorm's num_batches_tracked)":
        model.register_buffer("extra", torch.ones(2, dtype=torch.long))
    elif kind == "a submodule's parameter and buffer":
        model.extra = nn.BatchNorm1d(2)
    elif kind == "plain tensor attribute":
        model.extra = torch.ones(2)
    elif kind == "nn.Parameter in a plain list":
        model.extra = [nn.Parameter(torch.ones(2))]
    return model


def saved_in_state_dict(kind):
    # 这样东西进了 state_dict 吗？
    keys = set(with_member(kind).state_dict())
    if kind == "a submodule's parameter and buffer":
        return {"extra.weight", "extra.running_mean"} <= keys
    return "extra" in keys


# 网格：笔记的说法（parameter 和 buffer 都保存在 state_dict 中，普通成员变量不保存）对每一种成员是否成立
claimed_saved = {
    "nn.Parameter": True,
    "nn.Parameter, requires_grad=False": True,
    "register_buffer": True,
    "register_buffer, persistent=False": True,
    "a submodule's parameter and buffer": True,
    "plain tensor attribute": False,
}
state_dict_cases = {kind: saved_in_state_dict(kind) == saved for kind, saved in claimed_saved.items()}

outside_forward = update_reaches_state_dict(lambda model: model.running.fill_(5.0))
copy_only = update_reaches_state_dict(lambda model: model.running.clone().fill_(5.0))
assert torch.equal(m2.running, torch.full((2,), 5.0))



def moved_by(convert, kind):
    # 转换 (convert) 之后，这样东西（子模块则看它的 weight）跟着变了吗？
    model = with_member(kind)

    def member():
        extra = model.extra
        return extra[0] if isinstance(extra, list) else getattr(extra, "weight", extra)

    before = (member().device, member().dtype)
    convert(model)
    return (member().device, member().dtype) != before


# 网格：笔记的说法（注册的 parameter 和 buffer 跟着移动，普通成员变量不动）对每一种成员、
# 每一种走 Module._apply 的转换是否成立；整数的 buffer 只随设备移动，不随浮点类型转换
registered = {
    "nn.Parameter": True,
    "register_buffer": True,
    "register_buffer, persistent=False": True,
    "an int64 buffer (as BatchNorm's num_batches_tracked)": True,
    "a submodule's parameter and buffer": True,
    "plain tensor attribute": False,
    "nn.Parameter in a plain list": False,
}
conversions = {
    ".to('meta') (as .cuda())": lambda model: model.to("meta"),
    ".to(torch.device('meta'), torch.float64)": lambda model: model.to(torch.device("meta"), torch.float64),
}
move_cases = {
    f"{name}, {kind}": moved_by(convert, kind) == moves
    for name, convert in conversions.items()
    for kind, moves in registered.items()
}

# 笔记的三条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    "nn-cuda-moves-registered-only": moved_registered_only(m) and all(move_cases.values()),
    "nn-state-dict-params-buffers": all(state_dict_cases.values()),
    # 笔记：buffer 只能在 forward 中被更新
    "nn-buffer-only-in-forward": not outside_forward,
}
note_claims_cases = {
    "nn-state-dict-params-buffers": state_dict_cases,
    "nn-cuda-moves-registered-only": move_cases,
}
# 对照：plain 注册成 buffer 后，同样的测量；网格去掉 persistent=False 的 buffer（其余都成立）;
# 只改了 buffer 的一个拷贝时，同样的测量
assert registered_saved and not plain_registered_saved
note_claims_control = {
    "nn-cuda-moves-registered-only": moved_registered_only(PlainRegistered().to("meta")),
    "nn-state-dict-params-buffers": all(ok for kind, ok in state_dict_cases.items() if "persistent" not in kind),
    "nn-buffer-only-in-forward": not copy_only,
}
