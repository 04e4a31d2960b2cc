# 实验: 在同一个模型上训练 steps 步, 用 accumulate 把每步的损失加到 total_loss 上, 数 total_loss 引用的图节点
def nodes_after(steps, accumulate):
    total = 0
    for _ in range(steps):
        optimizer.zero_grad()
        step_loss = criterion(model(input), target)
        step_loss.backward()
        optimizer.step()
        total += accumulate(step_loss)
    return graph_size(total)


# 图越积越大, 而且验证循环里每一轮的中间张量都留在内存里
def accumulates_history(accumulate):
    return nodes_after(100, accumulate) < nodes_after(200, accumulate) and validate(accumulate) == 100


# 实验: backward() 之后, 图中保存的中间张量是否已经释放
def saved_tensors_freed(**backward_kwargs):
    step_loss = criterion(model(input), target)
    step_loss.backward(**backward_kwargs)
    try:
        step_loss.grad_fn._saved_self
    except RuntimeError:
        return True
    return False


assert graph_size(loss) > 0 and isinstance(total_loss, float)  # 课程代码最后留下的 total_loss 是修正后的 float

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 默认的 loss.backward()
    "training-backward-frees-graph": saved_tensors_freed(),
    # total_loss += loss
    "training-total-loss-accumulates": accumulates_history(lambda l: l),
}
# 对照: 同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # backward(retain_graph=True) 保留图
    "training-backward-frees-graph": saved_tensors_freed(retain_graph=True),
    # total_loss += loss.item()
    "training-total-loss-accumulates": accumulates_history(lambda l: l.item()),
}
