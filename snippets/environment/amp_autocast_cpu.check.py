assert y.dtype == torch.bfloat16           # 矩阵乘在 autocast 里用低精度算
assert model.weight.dtype == torch.float32  # 参数本身仍是 float32

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 混合精度训练要装 Apex。torch 自带的 autocast 就能用低精度计算
note_claim_holds = y.dtype != torch.bfloat16
# 对照: 同一个模型不在 autocast 里, 算出来的仍是 float32
note_claim_control = model(x).dtype != torch.bfloat16
