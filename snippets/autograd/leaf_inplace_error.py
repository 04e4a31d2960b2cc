import torch

x = torch.ones(1, requires_grad=True)
# 对需要梯度的叶子张量直接做原地修改会报错；
# 修复：放在 with torch.no_grad()：中（例如手写参数更新），或改用非原地写法 x2 = x * 100
with torch.no_grad():
    x *= 100
print(x)
x.mul_(100)
