import torch.nn.functional as F

# 实验：把 F.dropout 换成一个记录 training 参数的版本，在 train 和 eval 模式下各前向一次，
# 看 F.dropout 是否每次都被调用、收到的 training 是否与模块的模式一致
real_dropout = F.dropout
received = []


def recording_dropout(input, p=0.5, training=True, inplace=False):
    received.append(training)
    return real_dropout(input, p, training, inplace)


def passes_training_to_f_dropout(module):
    seen = []
    F.dropout = recording_dropout
    try:
        for mode in (True, False):
            received.clear()
            module.train(mode)
            module(x)
            seen.append(received == [mode])
    finally:
        F.dropout = real_dropout
    return all(seen)


class Forgets(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(100, 20)

    def forward(self, input):
        return F.dropout(self.fc(input), p=0.5)  # 不传 training


assert train_zeros > 0  # 课程代码在 train 模式下确实丢弃了激活

# 笔记的说法是否成立 (本站据此标注核查结果)
# nn.Dropout 调用 F.dropout，并传入 self.training
note_claim_holds = passes_training_to_f_dropout(DropoutFC())
# 对照：同样的测量用在调用 F.dropout 却不传 training 的模块上
note_claim_control = passes_training_to_f_dropout(Forgets())
