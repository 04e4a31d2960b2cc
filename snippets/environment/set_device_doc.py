import torch

# 看 torch 自带的文档: 官方不推荐 torch.cuda.set_device
doc = torch.cuda.set_device.__doc__
print(doc.strip().splitlines()[2].strip())
print(doc.strip().splitlines()[3].strip())
