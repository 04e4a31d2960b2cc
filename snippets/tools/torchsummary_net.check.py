import contextlib
import io


# summary() 把表格打印出来，不返回它：调用一次，截下打印的表格
def printed_table(model):
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        summary(model, (1, 28, 28))
    return printed.getvalue().strip()


# 笔记中贴出的输出（原笔记 003_72c1394ea078b9f8 第 146-163 行）
note_table = """
----------------------------------------------------------------
        Layer (type)               Output Shape         Param #
================================================================
            Conv2d-1           [-1, 10, 24, 24]             260
            Conv2d-2             [-1, 20, 8, 8]           5,020
         Dropout2d-3             [-1, 20, 8, 8]               0
            Linear-4                   [-1, 50]          16,050
            Linear-5                   [-1, 10]             510
================================================================
Total params: 21,840
Trainable params: 21,840
Non-trainable params: 0
----------------------------------------------------------------
Input size (MB): 0.00
Forward/backward pass size (MB): 0.06
Params size (MB): 0.08
Estimated Total Size (MB): 0.15
----------------------------------------------------------------
""".strip()


# 对照：同样的比较，用一个 fc1 多了 10 个输出的 Net（参数量不同）
class WiderNet(Net):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(320, 60)
        self.fc2 = nn.Linear(60, 10)


# 笔记的说法是否成立（本站据此标注核查结果）：打印的表格与笔记中的逐行相同
note_claim_holds = printed_table(model) == note_table
note_claim_control = printed_table(WiderNet().to(device)) == note_table
