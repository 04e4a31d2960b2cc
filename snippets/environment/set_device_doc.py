import torch

# 看 torch 自带的文档: 官方不推荐 torch.cuda.set_device
doc = torch.cuda.set_device.__doc__
print(doc.strip().splitlines()[2].strip())
print(doc.strip().splitlines()[3].strip())
assert "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "discouraged" in doc and "CUDA_VISIBLE_DEVICES" in doc
