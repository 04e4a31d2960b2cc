import torch

a = torch.LongTensor(1).random_(0, 10)
a.cuda()                  # 返回一个新的在 cuda 上的 tensor, a 本身不变
print(a.device)           # cpu
a = a.to(device="cuda")   # 必须 reassign
print(a.device)

model = torch.nn.Linear(2, 2)
model.cuda()              # 网络模型不需要 reassign
print(next(model.parameters()).device)
