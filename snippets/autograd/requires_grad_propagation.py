# 编者：补上 import
import torch

x = torch.zeros((1), requires_grad=True)
# 若前面有一个输入需要梯度，则后面的输出也需要梯度。有的版本这里是默认值false
# 注：　Tensor变量的requires_grad的属性默认为False,若一个节点requires_grad被设置为True，那么所有依赖它的节点的requires_grad都为True。
# 编者：下面几行是编者加的，笔记只有上面的 x 和两行注释
w = torch.ones(1)  # 默认 requires_grad=False
y = x * 2 + w
z = y.exp()
print(w.requires_grad, x.requires_grad, y.requires_grad, z.requires_grad)
# 依赖 x 却不需要梯度的结果：比较、argmax、detach()
print((x > 0).requires_grad, x.argmax().requires_grad, x.detach().requires_grad)
