import torch

torch.manual_seed(0)
# 编者: 补上 x 的定义 (原笔记此处未给出)
x = torch.rand(5, 3)

x = x.new_ones(4, 3, dtype=torch.double)
# 创建一个新的全1矩阵tensor，返回的tensor默认具有相同的torch.dtype和torch.device
# 也可以像之前的写法 x = torch.ones(4, 3, dtype=torch.double)
print(x)
x = torch.randn_like(x, dtype=torch.float)
# 重置数据类型
print(x)

# 验证:不传 dtype 时, new_ones 沿用原张量的 dtype 和 device
y = x.new_ones(2)
assert y.dtype == x.dtype and y.device == x.device

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = y.dtype == x.dtype and y.device == x.device
