import io

import torch

torch.manual_seed(0)
buffer = io.BytesIO()  # 代替磁盘上的权重文件
torch.save(torch.nn.Linear(3, 2).cuda().state_dict(), buffer)  # GPU 上保存的权重

# 不指定 map_location: tensor 被还原到保存时的设备 cuda:0，在 GPU 0 上额外占用显存
buffer.seek(0)
state = torch.load(buffer)
print(state["weight"].device)

# 载入权重时使用 map_location='cpu'
buffer.seek(0)
state = torch.load(buffer, map_location="cpu")
print(state["weight"].device)

# GPU 权重载入 CPU 模型：load_state_dict 把数值拷进已有参数，模型仍在 CPU 上
network = torch.nn.Linear(3, 2)
buffer.seek(0)
network.load_state_dict(torch.load(buffer))
print(network.weight.device)
