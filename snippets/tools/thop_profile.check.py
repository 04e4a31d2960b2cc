assert int(raw_flops) == macs

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: thop 计算的是浮点运算数 (FLOPs ≈ 2 × MACs)
note_claim_holds = int(raw_flops) == 2 * macs
