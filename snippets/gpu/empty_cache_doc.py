import torch

# torch.cuda.empty_cache 自带的文档: 只归还缓存中没有被占用的显存, 不会让 PyTorch 可用的显存变多
doc = " ".join(torch.cuda.empty_cache.__doc__.split())
print(doc.split(".")[0] + ".")
