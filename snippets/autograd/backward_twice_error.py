import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.log(x) * torch.sin(x)
y.backward()  # 执行完一次反向传播后, 计算图中保存的中间结果默认被释放
print(x.grad)
try:
    y.backward()  # 第二次反向传播: 报错
except RuntimeError as err:
    # 笔记的说法是否成立 (本站据此标注核查结果)
    note_claim_holds = "backward through the graph a second time" in str(err)
    raise
