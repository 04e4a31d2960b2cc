import torch.nn as nn


class Bad(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 4), nn.Linear(4, 4)]  # 普通 list：不会注册


class Good(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])


bad, good = Bad(), Good()
# 运行时不会报错，但优化器拿不到这些参数，它们不会被训练
print(len(list(bad.parameters())), len(list(good.parameters())))
print(list(bad.state_dict().keys()), list(good.state_dict().keys()))

# 设备迁移也只作用于注册过的参数 (这里用 meta 设备代替 model.cuda(), CPU 上即可演示)
bad.to("meta")
good.to("meta")
print(bad.layers[0].weight.device, good.layers[0].weight.device)

# 换 dtype 也一样：.double() 之后普通 list 中的层仍是 float32,
# 前向时与 float64 的输入相遇就会报错 (mat1 and mat2 must have the same dtype)
bad, good = Bad().double(), Good().double()
print(bad.layers[0].weight.dtype, good.layers[0].weight.dtype)
