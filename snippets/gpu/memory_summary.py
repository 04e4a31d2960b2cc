import torch

x = torch.zeros(1, requires_grad=True).cuda()

# 查看显存分配详情：Allocated memory = 分配给程序的，GPU reserved memory = 向 GPU 申请的
print(torch.cuda.memory_summary())
