import copy
import warnings


# 实验：在一份新的模型上，设定 train / eval 模式和是否记录梯度，前向两次，看三件事：
# 是否构建计算图；Dropout 是否在随机丢弃；BN 的 running_mean 是否被更新
def measure(train_mode, grad_enabled):
    net = copy.deepcopy(model).train(train_mode)
    mean_before = net[1].running_mean.clone()
    with torch.set_grad_enabled(grad_enabled):
        first, second = net(x), net(x)
    return {
        "builds_graph": first.grad_fn is not None,
        "dropout_active": not torch.equal(first, second),
        "bn_updates": not torch.equal(mean_before, net[1].running_mean),
    }


eval_only = measure(train_mode=False, grad_enabled=True)
no_grad_only = measure(train_mode=True, grad_enabled=False)
assert not out.requires_grad and torch.equal(
    running_mean, model[1].running_mean
)  # 课程代码最后一段：两者都用

# 网格用的层：行为随 train / eval 而变的 9 种，加上不随模式而变的 Linear；每种配一个输入形状
mode_layers = {
    "Dropout": (lambda: nn.Dropout(0.5), (8, 6)),
    "Dropout2d": (lambda: nn.Dropout2d(0.5), (4, 6, 3, 3)),
    "AlphaDropout": (lambda: nn.AlphaDropout(0.5), (8, 6)),
    "BatchNorm1d": (lambda: nn.BatchNorm1d(6), (8, 6)),
    "BatchNorm2d": (lambda: nn.BatchNorm2d(6), (4, 6, 3, 3)),
    "InstanceNorm2d(track_running_stats=True)": (
        lambda: nn.InstanceNorm2d(6, track_running_stats=True),
        (4, 6, 3, 3),
    ),
    "LSTM(num_layers=2, dropout=0.5)": (
        lambda: nn.LSTM(6, 6, num_layers=2, dropout=0.5),
        (5, 2, 6),
    ),
    "Linear": (lambda: nn.Linear(6, 6), (8, 6)),
    "MultiheadAttention(key_padding_mask)": (
        lambda: nn.MultiheadAttention(6, 2, dropout=0.5, batch_first=True),
        (2, 5, 6),
    ),
    "TransformerEncoder(src_key_padding_mask)": (
        lambda: nn.TransformerEncoder(nn.TransformerEncoderLayer(6, 2, 12, batch_first=True), 2),
        (2, 5, 6),
    ),
}
# 注意力层的调用方式：第 2 个序列的最后两个位置是填充 (padding)
padding = torch.tensor([[False] * 5, [False, False, False, True, True]])
calls = {
    "MultiheadAttention(key_padding_mask)": lambda layer, data: layer(
        data, data, data, key_padding_mask=padding, need_weights=False
    ),
    "TransformerEncoder(src_key_padding_mask)": lambda layer, data: layer(
        data, src_key_padding_mask=padding
    ),
}


def forward(name, train_mode, grad_enabled, seed=1):
    # 新建的层（权重固定）在固定的输入上前向一次，随机数种子固定；LSTM 取它的输出序列
    make, shape = mode_layers[name]
    torch.manual_seed(0)
    layer = make().train(train_mode)
    torch.manual_seed(2)
    data = torch.randn(shape).requires_grad_()
    torch.manual_seed(seed)
    # eval 模式、不记录梯度时 TransformerEncoder 改走嵌套张量 (nested tensor) 的快速路径，
    # 它的“原型阶段”UserWarning 与核查无关，不记录
    with torch.set_grad_enabled(grad_enabled), warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The PyTorch API of nested tensors")
        result = calls.get(name, lambda layer, data: layer(data))(layer, data)
    return layer, data, result[0] if isinstance(result, tuple) else result


def gradients_reach_everything(name, train_mode, grad_enabled):
    # 输出是否需要梯度，backward() 之后输入和每个参数是否都有 .grad？
    layer, data, result = forward(name, train_mode, grad_enabled)
    if not result.requires_grad:
        return False
    result.sum().backward()
    return data.grad is not None and all(p.grad is not None for p in layer.parameters())


def same_behavior(name, first, second):
    # 同样的种子下，两种设定 (train_mode, grad_enabled) 的输出和缓冲区是否相同？
    # LSTM 记录梯度与否，CPU 上的输出差在末几位（约 3e-8，eval 模式下也一样，不是丢弃不同），所以用 allclose
    (layer_a, _, out_a), (layer_b, _, out_b) = forward(name, *first), forward(name, *second)
    buffers_same = all(torch.allclose(a, b) for a, b in zip(layer_a.buffers(), layer_b.buffers()))
    return torch.allclose(out_a, out_b, atol=1e-6) and buffers_same


def trains_visibly(name):
    # no_grad() 下的训练模式是否看得见：换个种子输出就变（随机丢弃），或者缓冲区被更新
    layer, _, result = forward(name, True, False)
    _, _, reseeded = forward(name, True, False, seed=3)
    fresh = mode_layers[name][0]()
    updated = any(not torch.equal(b, b0) for b, b0 in zip(layer.buffers(), fresh.buffers()))
    return not torch.allclose(result, reseeded) or updated


# 网格：每种层 x 三种情形。前半句：只调用 eval()（记录梯度），梯度是否照常到达输入和每个参数；
# 后半句：训练模式下 no_grad() 是否与记录梯度时行为相同（行为随模式而变的层还要看得见在训练），
# 以及 eval 模式下 no_grad() 是否与记录梯度时行为相同
eval_no_grad_cases = {}
for name in mode_layers:
    eval_no_grad_cases[f"{name}: eval() without no_grad(), gradients still computed"] = (
        gradients_reach_everything(name, train_mode=False, grad_enabled=True)
    )
    eval_no_grad_cases[f"{name}: no_grad() in train mode, train behavior unchanged"] = (
        same_behavior(name, (True, True), (True, False))
        and (name == "Linear" or trains_visibly(name))
    )
    eval_no_grad_cases[f"{name}: no_grad() in eval mode, eval behavior unchanged"] = (
        same_behavior(name, (False, True), (False, False))
    )

# eval 模式的 Dropout 把输入原样返回（同一个对象），所以输出没有自己的 grad_fn，梯度仍然到达输入
eval_dropout_input = torch.randn(4, 6, requires_grad=True)
assert nn.Dropout(0.5).eval()(eval_dropout_input) is eval_dropout_input

# 笔记的说法是否成立（本站据此标注核查结果）
# eval() 不影响是否建图；no_grad() 不改变层的训练行为（Dropout 仍丢弃，BN 仍更新统计量）
note_claim_holds = (
    eval_only["builds_graph"]
    and no_grad_only["dropout_active"]
    and no_grad_only["bn_updates"]
    and all(eval_no_grad_cases.values())
)
note_claim_cases = eval_no_grad_cases
# 对照：同样的测量换成真正起作用的开关：no_grad() 下梯度是否到达输入，
# eval() 下行为随模式而变的层是否与训练模式相同（同样的种子）；课程的模型上也一样：不成立；
# 再加上网格中除了 TransformerEncoder 在 eval 模式下的那一格以外的各格：都成立
no_grad_train = measure(train_mode=True, grad_enabled=False)
eval_grad = measure(train_mode=False, grad_enabled=True)
claim_on_the_switches_that_act = (
    no_grad_train["builds_graph"]
    and eval_grad["dropout_active"]
    and eval_grad["bn_updates"]
    and all(gradients_reach_everything(name, True, False) for name in mode_layers)
    and all(
        same_behavior(name, (True, True), (False, True)) for name in mode_layers if name != "Linear"
    )
)
note_claim_control = not claim_on_the_switches_that_act and all(
    ok for case, ok in eval_no_grad_cases.items() if not case.startswith("TransformerEncoder")
    or "eval mode" not in case
)
