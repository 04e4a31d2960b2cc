# 实验：在同一个模型上训练 steps 步，用 accumulate 把每步的损失加到 total_loss 上，数 total_loss 引用的图节点
# total_loss 的初值由 start() 给出（默认 0）
def nodes_after(steps, accumulate, net=model, loss_of=lambda out: criterion(out, target), x=input, start=int):
    opt = optimizer if net is model else torch.optim.SGD(net.parameters(), lr=0.01)
    total = start()
    for _ in range(steps):
        opt.zero_grad()
        step_loss = loss_of(net(x))
        step_loss.backward()
        opt.step()
        total += accumulate(step_loss)
    return graph_size(total)


# 图越积越大，而且验证循环里每一轮的中间张量都留在内存里
def accumulates_history(accumulate):
    return nodes_after(100, accumulate) < nodes_after(200, accumulate) and validate(accumulate) == 100


# 实验：backward() 之后，图中保存的中间张量是否已经释放
def saved_tensors_freed(**backward_kwargs):
    step_loss = criterion(model(input), target)
    step_loss.backward(**backward_kwargs)
    try:
        step_loss.grad_fn._saved_self
    except RuntimeError:
        return True
    return False


def graph_freed(name, **backward_kwargs):
    # 对 name 的损失做一次 backward（默认参数，或 backward_kwargs），再 backward 一次：是否报“图已释放”的错？
    fresh = torch.randn(4, 3, requires_grad=True)
    if name == "Linear + ReLU + MSELoss":
        net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
        step_loss = nn.MSELoss()(net(fresh), torch.randn(4, 1))
    elif name == "Conv2d + BatchNorm2d":
        net = nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.BatchNorm2d(2), nn.ReLU())
        step_loss = net(fresh.reshape(1, 1, 4, 3)).pow(2).mean()
    else:
        ops = {
            "mul": lambda t: t * t, "exp": torch.exp, "sigmoid": torch.sigmoid, "matmul": lambda t: t @ t.T,
            "pow": lambda t: t ** 3, "softmax": lambda t: torch.softmax(t, dim=1) * torch.arange(3.0),
            "Linear": nn.Linear(3, 2),
            "add": lambda t: t + 1, "sum": lambda t: t, "neg": lambda t: -t,
            "view": lambda t: t.view(-1),
        }
        step_loss = ops[name](fresh).sum()
    step_loss.backward(**backward_kwargs)
    try:
        step_loss.backward()
    except RuntimeError as err:
        return "backward through the graph a second time" in str(err)
    return False


# 网格：保存了张量的运算和两个小模型，再加上不保存张量的运算（add、sum、neg、view），都只调用默认的 loss.backward()
saving_grid = ("mul", "exp", "sigmoid", "matmul", "pow", "softmax", "Linear",
               "Linear + ReLU + MSELoss", "Conv2d + BatchNorm2d")
saving_nothing = ("add", "sum", "neg", "view")
frees_cases = {"the lesson's model: MSELoss's saved self after loss.backward()": saved_tensors_freed()}
frees_cases.update({f"{name}, loss.backward()": graph_freed(name) for name in saving_grid})
frees_cases.update({f"{name} (saves no tensor), loss.backward()": graph_freed(name) for name in saving_nothing})


def history_grows(loss_fn, accumulate, start=int):
    # 用 loss_fn 算损失、用 accumulate 累加（初值 start()），训练 5 步和 10 步之后 total_loss 引用的图节点随步数增长吗？
    net, x, y = nn.Linear(10, 3), torch.randn(16, 10), torch.randint(0, 3, (16,))

    def loss_of(out):
        return loss_fn(out, y)

    return nodes_after(5, accumulate, net, loss_of, x, start) < nodes_after(10, accumulate, net, loss_of, x, start)


# 网格：损失函数 x 累加的写法（都带着 loss 本身，不取 .item()）
loss_fns = {
    "nn.MSELoss": lambda out, y: nn.MSELoss()(out, nn.functional.one_hot(y, 3).float()),
    "nn.CrossEntropyLoss": nn.CrossEntropyLoss(),
    "nn.L1Loss, reduction='sum'": lambda out, y: nn.L1Loss(reduction="sum")(out, nn.functional.one_hot(y, 3).float()),
    "a hand-written loss": lambda out, y: (out.softmax(1) - nn.functional.one_hot(y, 3)).pow(2).mean(),
}
adds = {
    "total_loss += loss": lambda step_loss: step_loss,
    "total_loss += loss / n": lambda step_loss: step_loss / 16,
    "total_loss += loss.mean()": lambda step_loss: step_loss.mean(),
}
accumulate_cases = {
    f"{loss_name}, {add_name}": history_grows(loss_fn, add)
    for loss_name, loss_fn in loss_fns.items()
    for add_name, add in adds.items()
}
# 再加上 total_loss 的另外两种初值：0.0 和 torch.tensor(0.0)（不需要梯度的张量，+= 原地累加）
starts = {"total_loss = 0.0": float, "total_loss = torch.tensor(0.0)": lambda: torch.tensor(0.0)}
accumulate_cases.update({
    f"{loss_name}, {start_name}, total_loss += loss": history_grows(loss_fn, adds["total_loss += loss"], start)
    for loss_name, loss_fn in loss_fns.items()
    for start_name, start in starts.items()
})

assert graph_size(loss) > 0 and isinstance(total_loss, float)  # 课程代码最后留下的 total_loss 是修正后的 float

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 默认的 loss.backward()：在网格的每一种情形下图都被释放吗？
    "training-backward-frees-graph": all(frees_cases.values()),
    # total_loss += loss
    "training-total-loss-accumulates": accumulates_history(lambda l: l) and all(accumulate_cases.values()),
}
# 对照：同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # 同样的测量只用在保存了张量的那些情形上：默认的 backward() 都释放，backward(retain_graph=True) 都不释放
    "training-backward-frees-graph": all(
        ok for case, ok in frees_cases.items() if "saves no tensor" not in case
    ) and not any(
        [saved_tensors_freed(retain_graph=True)] + [graph_freed(name, retain_graph=True) for name in saving_grid]
    ),
    # total_loss += loss.item()
    "training-total-loss-accumulates": accumulates_history(lambda l: l.item()),
}
note_claims_cases = {
    "training-backward-frees-graph": frees_cases,
    "training-total-loss-accumulates": accumulate_cases,
}
