import torch

torch.manual_seed(0)
network = torch.nn.Linear(3, 2)          # float32 的 CPU 模型
weight_before = network.weight

# 一份 dtype 不同的权重 (在 GPU 机器上就是 device 不同, 规则一样)
state = {k: v.to(torch.float64) for k, v in torch.nn.Linear(3, 2).state_dict().items()}

network.load_state_dict(state)
# load_state_dict 把数值 copy_ 进已有的参数: 参数对象、dtype、device 都不变
print(network.weight.dtype, network.weight is weight_before)

# 只有 assign=True 时才会直接换成 state_dict 里的 tensor (连同它的 dtype/device)
network.load_state_dict(state, assign=True)
print(network.weight.dtype)
