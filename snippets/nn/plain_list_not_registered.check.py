import torch


# 一个有注册参数 (head) 的模型, 另外把层放在普通 list 和普通 dict 里
class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 4)
        self.in_list = [nn.Linear(4, 4)]
        self.in_dict = {"a": nn.Linear(4, 4)}


def trained_by_optimizer(model, layers):
    # 用 model.parameters() 构建的优化器走一步 (前向、反向都不报错) 之后, 这些层的权重变了吗?
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
# 对照: 同样的测量用在 nn.ModuleList 中的层上
fresh_good = Good()
good_trained = trained_by_optimizer(fresh_good, list(fresh_good.layers))
assert not torch.equal(head_before, mixed.head.weight)  # 注册了的 head 确实被训练了
assert len(list(bad.parameters())) == 0 and len(list(good.parameters())) == 4
assert list(mixed.state_dict()) == ["head.weight", "head.bias"]
assert bad.layers[0].weight.device.type == "cpu" and good.layers[0].weight.device.type == "meta"

# 笔记的说法是否成立 (本站据此标注核查结果): 普通 list 和 dict 中的层都没有被训练
note_claim_holds = not any(plain_trained)
note_claim_control = not any(good_trained)
