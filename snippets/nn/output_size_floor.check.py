import math

# 公式 (H + 2p - d(k - 1) - 1) / s + 1 的值, 不取整
def formula(h, k, s, p=0, d=1):
    return (h + 2 * p - d * (k - 1) - 1) / s + 1


conv_value = formula(38, 3, 2, p=6, d=6)
pool_value = formula(75, 2, 2)
assert conv_value == 19.5 and pool_value == 37.5  # 两个例子都落在两个整数之间, floor 和 ceil 不同
pool_ceil = nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1]

# 笔记的说法是否成立 (本站据此标注核查结果): 卷积和默认的 MaxPool 都等于 floor(公式)
note_claim_holds = out.shape[-1] == math.floor(conv_value) and nn.MaxPool2d(2, 2)(x).shape[-1] == math.floor(pool_value)
# 对照: 同样的比较用在 ceil_mode=True 的 MaxPool 上
note_claim_control = pool_ceil == math.floor(pool_value)
assert pool_ceil == math.ceil(pool_value)
