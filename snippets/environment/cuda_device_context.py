import torch

# torch.cuda.device(device): 改变"当前设备"的上下文管理器
idx = torch.cuda.device_count() - 1  # 只有一块卡时就是 0
with torch.cuda.device(idx):
    x = torch.ones(2).cuda()  # 不写编号的 .cuda() 放到当前设备上
    print(torch.cuda.current_device(), x.device)
    assert x.device == torch.device("cuda", idx)

# 离开 with 块后恢复原来的当前设备 (默认是 0)
print(torch.cuda.current_device())
assert torch.cuda.current_device() == 0
