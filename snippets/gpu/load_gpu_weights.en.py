import io

import torch

torch.manual_seed(0)
buffer = io.BytesIO()  # stands in for a weights file on disk
torch.save(torch.nn.Linear(3, 2).cuda().state_dict(), buffer)  # weights saved on the GPU

# without map_location: the tensors are restored to the device they were saved from, cuda:0, using extra memory on GPU 0
buffer.seek(0)
state = torch.load(buffer)
print(state["weight"].device)
assert state["weight"].device == torch.device("cuda", 0)

# use map_location='cpu' when loading the weights
buffer.seek(0)
state = torch.load(buffer, map_location="cpu")
print(state["weight"].device)
assert state["weight"].device.type == "cpu"

# GPU weights into a CPU model: load_state_dict copies the values into the existing parameters; the model stays on the CPU
network = torch.nn.Linear(3, 2)
buffer.seek(0)
network.load_state_dict(torch.load(buffer))
print(network.weight.device)
assert network.weight.device.type == "cpu"
