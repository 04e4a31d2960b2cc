import warnings

# 实验: 旧参数构造的损失与给定 reduction 的损失是否相同 (形状和数值)
def same_loss(legacy, reduction):
    new = nn.MSELoss(reduction=reduction)(output, target)
    old = legacy(output, target)
    return old.shape == new.shape and torch.equal(old, new)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    # 笔记的表: reduce=False 时忽略 size_average, 所以再试一次 size_average=False
    reduce_False_2 = nn.MSELoss(size_average=False, reduce=False)
table = [(reduce_False, "none"), (reduce_False_2, "none"), (size_average_True, "mean"), (size_average_False, "sum")]
# 对照: 把表中的 mean 和 sum 对调, 同样的比较应当不成立
swapped = [(reduce_False, "none"), (reduce_False_2, "none"), (size_average_True, "sum"), (size_average_False, "mean")]
assert o_0.grad_fn is not None and o_1.dim() == 0 and o_2.dim() == 0  # 课程代码确实算出了三个损失

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "training-reduce-size-average-table": all(same_loss(m, r) for m, r in table),
    # 笔记打印的是 grad_fn=<MseLossBackward>
    "training-mse-grad-fn-name": "grad_fn=<MseLossBackward>" in repr(o_0),
}
# 对照: 同样的测量用在会让结论反过来的情形上
note_claims_control = {
    "training-reduce-size-average-table": all(same_loss(m, r) for m, r in swapped),
    # 今天打印的名字, 同样的查找能找到
    "training-mse-grad-fn-name": "grad_fn=<MseLossBackward0>" in repr(o_0),
}
