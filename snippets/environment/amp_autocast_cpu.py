import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 4)
x = torch.randn(2, 8)

# torch 自带的混合精度 (torch.amp), 不需要 Apex; CPU 上用 bfloat16
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    y = model(x)

print(y.dtype)
print(model.weight.dtype)
assert y.dtype == torch.bfloat16           # 矩阵乘在 autocast 里用低精度算
assert model.weight.dtype == torch.float32  # 参数本身仍是 float32

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 混合精度训练要装 Apex。torch 自带的 autocast 就能用低精度计算
note_claim_holds = y.dtype != torch.bfloat16
