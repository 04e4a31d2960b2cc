import torch

torch.manual_seed(0)

w = torch.randn(3, 3)  # float32，例如模型参数
x = torch.randn(2, 3, dtype=torch.float64)  # float64，例如由 numpy 数组转换而来
print((x.float() @ w).dtype)  # 正确做法：先统一 dtype，如 x.float() 或 x.to(w.dtype)
# 矩阵乘法不做类型提升：float 与 double 直接相乘会报错
x @ w
