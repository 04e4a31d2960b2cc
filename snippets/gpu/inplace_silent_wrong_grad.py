import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x  # 直接存成 ctx 的属性，没有用 ctx.save_for_backward(x): autograd 不检查它的版本号
        return x * x

    @staticmethod
    def backward(ctx, grad):
        return 2 * ctx.x * grad


# 1. 改写了自定义 Function 存在 ctx 上的 tensor
a = torch.tensor(3.0, requires_grad=True)
x = a * 1
y = Square.apply(x)
x.mul_(0)      # in-place 改写了 backward 要用的 x，不报错
y.backward()
print(a.grad)  # tensor(0.)，正确的梯度是 2 * 3 = 6

# 2. 通过 .data 改写了 autograd 保存的 tensor
w = torch.tensor(3.0, requires_grad=True)
y = w * w          # mul 为反向传播保存了 w
w.data.mul_(0)     # 通过 .data 改写：版本号不变，不报错
y.backward()
print(w.grad)      # tensor(0.)，正确的梯度是 6
