assert kept == 100 and freed == 0

# 课程代码后来把 total_loss 换成了 float: 在同一个模型上重做一遍 total_loss += loss 的 1000 步
total_loss_check = 0
for _ in range(1000):
    optimizer.zero_grad()
    loss_check = criterion(model(input), target)
    loss_check.backward()
    optimizer.step()
    total_loss_check += loss_check
graph_grows = graph_size(total_loss_check) > 1000
assert graph_grows

# backward() 之后, 图中保存的中间张量已经释放
try:
    loss_check.grad_fn._saved_self
    saved_freed = False
except RuntimeError:
    saved_freed = True

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {"training-backward-frees-graph": saved_freed, "training-total-loss-accumulates": graph_grows}
