import torch
import torch.nn as nn


# define a linear layer
linear_layer = nn.Linear(in_features=10, out_features=5)
# assign the weight and bias directly
linear_layer.weight.data.fill_(0.01)  # set every weight to 0.01
linear_layer.bias.data.fill_(0)       # set the bias to 0
print(linear_layer.weight[0], linear_layer.bias)

# preferred: nn.init (it modifies under torch.no_grad()), without going through .data
nn.init.constant_(linear_layer.weight, 0.01)
nn.init.zeros_(linear_layer.bias)
assert torch.all(linear_layer.weight == 0.01) and torch.all(linear_layer.bias == 0)
