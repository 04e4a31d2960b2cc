# 编者：补上 import 与 x 的定义，让代码能单独运行
import torch
torch.manual_seed(0)
x = torch.randn(4, 3)

# 结果会有一样的size
# 获取它的维度信息
print(x.size())
print(x.shape)
