conv_floors = out.shape[-1] == 19 == (38 + 12 - 6 * (3 - 1) - 1) // 2 + 1
assert conv_floors
assert nn.MaxPool2d(2, 2)(x).shape[-1] == 37 and nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1] == 38

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = conv_floors and nn.MaxPool2d(2, 2)(x).shape[-1] == 37 and nn.MaxPool2d(2, 2, ceil_mode=True)(x).shape[-1] == 38
