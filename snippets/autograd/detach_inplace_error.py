import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
c = out.detach()  # 同样共享数据，但原地修改会被 autograd 记录（版本号）
c.zero_()
out.sum().backward()  # 反向传播需要 out：报错，而不是悄悄算错
