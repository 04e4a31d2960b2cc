bias_decayed = bool(torch.allclose(layer.bias, torch.full((4,), 0.99)))
assert bias_decayed

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = bias_decayed
