import torch
import torch.nn as nn


# 定义线性层
linear_layer = nn.Linear(in_features=10, out_features=5)
# 直接赋值给权重和偏置
linear_layer.weight.data.fill_(0.01)  # 将权重全设置为 0.01
linear_layer.bias.data.fill_(0)       # 将偏置设置为 0
print(linear_layer.weight[0], linear_layer.bias)  # 编者：打印出来看看

# 编者：更推荐的写法：用 nn.init (内部在 torch.no_grad() 下修改)，不经过 .data
nn.init.constant_(linear_layer.weight, 0.01)
nn.init.zeros_(linear_layer.bias)
