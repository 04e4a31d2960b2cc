assert (reduce_False.reduction, size_average_True.reduction, size_average_False.reduction) == ("none", "mean", "sum")
assert torch.equal(o_0, nn.MSELoss(reduction='none')(output, target))
assert o_1.item() == 0.25 and o_2.item() == 1.0
assert type(o_0.grad_fn).__name__ == "MseLossBackward0"  # 笔记里打印的是旧名字 MseLossBackward

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "training-reduce-size-average-table": (reduce_False.reduction, size_average_True.reduction, size_average_False.reduction) == ("none", "mean", "sum"),
    "training-mse-grad-fn-name": type(o_0.grad_fn).__name__ == "MseLossBackward",
}
