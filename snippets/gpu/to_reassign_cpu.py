import torch

# 在 CPU 上用 dtype 演示同一个规则 (.cuda()/.to("cuda") 走的是同一条路径)
a = torch.zeros(3)
a.to(torch.float64)      # 不是 in-place：返回一个新的 tensor，结果被丢掉了
print(a.dtype)           # 还是 float32
a = a.to(torch.float64)  # you have to reassign them
print(a.dtype)

model = torch.nn.Linear(2, 2)
weight = model.weight
ret = model.to(torch.float64)  # nn.Module 原地转换所有参数和 buffer，不需要重新赋值
print(model.weight.dtype, ret is model, model.weight is weight)
# 参数还是原来的对象（Module._apply 给 param.data 赋值），之前建好的优化器仍然有效；buffer 则换成了新的 tensor 对象
bn = torch.nn.BatchNorm1d(2)
running_mean = bn.running_mean
bn.to(torch.float64)
print(bn.running_mean is running_mean, bn.running_mean.dtype)
