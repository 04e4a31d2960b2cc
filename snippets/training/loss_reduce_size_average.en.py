import torch
import torch.nn as nn

# ----------------------------------- MSE loss

# the network output and the target
output = torch.ones(2, 2, requires_grad=True) * 0.5
target = torch.ones(2, 2)

# three MSELoss settings (size_average / reduce are deprecated and emit a UserWarning)
reduce_False = nn.MSELoss(size_average=True, reduce=False) # same as reduction='none'
size_average_True = nn.MSELoss(size_average=True, reduce=True) # same as reduction='mean'
size_average_False = nn.MSELoss(size_average=False, reduce=True) # same as reduction='sum'

o_0 = reduce_False(output, target)
o_1 = size_average_True(output, target)
o_2 = size_average_False(output, target)

print('\nreduce=False, 输出同维度的loss:\n{}\n'.format(o_0))
print('size_average=True，\t求平均:\t{}'.format(o_1))
print('size_average=False，\t求和:\t{}'.format(o_2))

# check the equivalences stated in the comments
print(reduce_False.reduction, size_average_True.reduction, size_average_False.reduction)
assert (reduce_False.reduction, size_average_True.reduction, size_average_False.reduction) == ("none", "mean", "sum")
assert torch.equal(o_0, nn.MSELoss(reduction='none')(output, target))
assert o_1.item() == 0.25 and o_2.item() == 1.0
assert type(o_0.grad_fn).__name__ == "MseLossBackward0"  # the note printed the old name MseLossBackward

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "training-reduce-size-average-table": (reduce_False.reduction, size_average_True.reduction, size_average_False.reduction) == ("none", "mean", "sum"),
    "training-mse-grad-fn-name": type(o_0.grad_fn).__name__ == "MseLossBackward",
}
