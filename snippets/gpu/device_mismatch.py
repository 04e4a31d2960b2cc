import torch

model = torch.nn.Linear(2, 2)
model.cuda()                # 模型原地迁移到了 GPU

a = torch.ones(1, 2)
a.cuda()                    # 忘了 reassign: a 还在 CPU 上
print(a.device)
model(a)                    # RuntimeError: Expected all tensors to be on the same device ...
