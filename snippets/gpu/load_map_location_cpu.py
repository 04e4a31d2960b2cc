import io

import torch

torch.manual_seed(0)
network = torch.nn.Linear(3, 2)
buffer = io.BytesIO()  # 代替磁盘上的权重文件 model_path
torch.save(network.state_dict(), buffer)

# 把预训练权值 map 到 cpu 上之后再 network.load_state_dict()
buffer.seek(0)
state = torch.load(buffer, map_location="cpu")
network.load_state_dict(state)
print({k: v.device for k, v in state.items()})
