assert g == p  # 梯度参数 = 模型参数
assert state_bytes["Adam"] == 2 * p               # 一阶动量 + 二阶动量
assert state_bytes["SGD(momentum=0.9)"] == p      # 只有一份动量
assert state_bytes["SGD"] == 0                    # 没有状态

# 笔记的说法是否成立 (本站据此标注核查结果)
# 梯度 = 模型参数大小; Adam 的状态 = 2 倍模型参数
note_claim_holds = g == p and state_bytes["Adam"] == 2 * p
