import torch

# 在 CPU 上用 dtype 演示同一个规则 (.cuda()/.to("cuda") 走的是同一条路径)
a = torch.zeros(3)
a.to(torch.float64)      # 不是 in-place: 返回一个新的 tensor, 结果被丢掉了
not_in_place = a.dtype == torch.float32
print(a.dtype)           # 还是 float32
a = a.to(torch.float64)  # you have to reassign them
print(a.dtype)
assert a.dtype == torch.float64

model = torch.nn.Linear(2, 2)
ret = model.to(torch.float64)  # nn.Module 原地转换所有参数和 buffer, 不需要重新赋值
print(model.weight.dtype, ret is model)
assert model.weight.dtype == torch.float64 and ret is model
# 注意: 模块本身被原地修改, 但 buffer 会换成新的 tensor 对象 (文档: 参数和 buffer 可能变成不同的对象)
bn = torch.nn.BatchNorm1d(2)
running_mean = bn.running_mean
bn.to(torch.float64)
print(bn.running_mean is running_mean, bn.running_mean.dtype)
assert bn.running_mean is not running_mean and bn.running_mean.dtype == torch.float64
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not_in_place and ret is model and model.weight.dtype == torch.float64
