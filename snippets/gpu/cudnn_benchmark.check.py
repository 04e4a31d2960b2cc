# 笔记的说法是否成立 (本站据此标注核查结果)
# 输入尺寸固定时, benchmark=True 不比默认慢 (允许 5% 的计时误差)
note_claim_holds = t_benchmark <= t_default * 1.05
