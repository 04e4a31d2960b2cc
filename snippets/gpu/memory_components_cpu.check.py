assert state_bytes["SGD"] == 0  # 没有状态

# 笔记的说法是否成立 (本站据此标注核查结果)
# 梯度 = 模型参数大小; Adam / AdamW 的状态 = 2 倍模型参数
note_claim_holds = g == p and state_bytes["Adam"] == 2 * p and state_bytes["AdamW"] == 2 * p
# 对照: 同样的量法用在只有一份动量的优化器上
note_claim_control = g == p and state_bytes["SGD(momentum=0.9)"] == 2 * p
