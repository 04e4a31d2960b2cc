kept_values = set(out.unique().tolist())
assert kept_values <= {0.0, 1.25}

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "training-model-val": hasattr(nn.Module, "val"),
    # 笔记: 训练时激活值被放大 1./p 倍 (p=0.2 时应为 5)
    "training-dropout-scale": kept_values <= {0.0, 1 / 0.2},
}
