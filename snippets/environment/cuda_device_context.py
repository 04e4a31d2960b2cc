import torch

# torch.cuda.device(device)：改变"当前设备"的上下文管理器
# 什么都没设置时，不带编号的 .cuda() 放到第一块 GPU 上，等价于 .cuda(0)
first = torch.ones(2).cuda()
print(first.device)
idx = torch.cuda.device_count() - 1  # 只有一块卡时就是 0
with torch.cuda.device(idx):
    x = torch.ones(2).cuda()  # 不写编号的 .cuda() 放到当前设备上
    print(torch.cuda.current_device(), x.device)

# 离开 with 块后恢复原来的当前设备（默认是 0）
print(torch.cuda.current_device())
