import torch


# 一个有注册参数 (head) 的模型，另外把层放在普通 list 和普通 dict 里
class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)
        self.in_list = [nn.Linear(4, 4)]
        self.in_dict = {"a": nn.Linear(4, 4)}


def trained_by_optimizer(model, layers):
    # 用 model.parameters() 构建的优化器走一步（前向、反向都不报错）之后，这些层的权重变了吗？
    before = [layer.weight.detach().clone() for layer in layers]
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    registered_linears = [m for m in model.children() if isinstance(m, nn.Linear)]
    loss = sum(layer(torch.ones(1, 4)).sum() for layer in [*layers, *registered_linears])
    loss.backward()
    optimizer.step()
    return [not torch.equal(b, layer.weight) for b, layer in zip(before, layers)]


mixed = Mixed()
head_before = mixed.head.weight.detach().clone()
plain_trained = trained_by_optimizer(mixed, [mixed.in_list[0], mixed.in_dict["a"]])
fresh_good = Good()
good_trained = trained_by_optimizer(fresh_good, list(fresh_good.layers))
assert not torch.equal(head_before, mixed.head.weight)  # 注册了的 head 确实被训练了
assert all(good_trained)  # nn.ModuleList 中的层被训练了
assert not any(plain_trained)  # 普通 list 和 dict 中的层都没有被训练
assert list(mixed.state_dict()) == ["head.weight", "head.bias"]
assert bad.layers[0].weight.dtype == torch.float32 and good.layers[0].weight.dtype == torch.float64


# 网格：容器（普通 list / 普通 dict / nn.ModuleList）x 模型的迁移 (不迁移、.double() 等)
class Net(nn.Module):
    # head 已注册；body 是放在容器里的一层，forward 里用它
    def __init__(self, container):
        super().__init__()
        self.head = nn.Linear(4, 4)
        layer = nn.Linear(4, 4)
        self.body = {"list": [layer], "dict": {"a": layer}, "ModuleList": nn.ModuleList([layer])}[
            container
        ]

    def forward(self, x):
        layer = self.body["a"] if isinstance(self.body, dict) else self.body[0]
        return layer(self.head(x))


MOVES = {
    "none": lambda m: m,
    ".double()": lambda m: m.double(),
    ".to(torch.float64)": lambda m: m.to(torch.float64),
    ".half()": lambda m: m.half(),
    ".bfloat16()": lambda m: m.bfloat16(),
}


def run_and_train(container, move):
    # （前向、反向、优化器一步都不报错？，容器中的层被训练了吗？）
    model = MOVES[move](Net(container))
    layer = model.body["a"] if isinstance(model.body, dict) else model.body[0]
    before = layer.weight.detach().clone()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.ones(2, 4, dtype=model.head.weight.dtype)  # 输入与迁移后的模型同 dtype
    try:
        model(x).float().sum().backward()
        optimizer.step()
    except RuntimeError:  # torch 2.13: mat1 and mat2 must have the same dtype
        return False, False
    return True, not torch.equal(before, layer.weight)


# 笔记的说法：运行时不会报错，且普通 list/dict 中的层不会被训练
# 只用这个 torch 能运行的迁移：同样迁移后的 nn.ModuleList 能运行并被训练
# （torch 1.13 的 CPU 上 float16 的 Linear 还没有实现，那里就不算这一种）
supported = [move for move in MOVES if run_and_train("ModuleList", move) == (True, True)]
assert {"none", ".double()", ".to(torch.float64)"} <= set(supported)
note_claim_cases = {}
for container in ("list", "dict"):
    for move in supported:
        runs, trained = run_and_train(container, move)
        note_claim_cases[f"container={container}, move={move}"] = runs and not trained

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量用在不迁移的模型上（运行时不报错，层也没有被训练）
runs, trained = run_and_train("list", "none")
note_claim_control = runs and not trained
