import torch.nn.functional as F


def same_as_f_dropout(module, make_input, p, inplace):
    # 同一个随机种子下，模块在 train 和 eval 模式下的输出，与按模块的模式传入 training 的
    # F.dropout 的输出逐元素相同吗？（相同的随机数消耗和结果：模块就是在调用 F.dropout）
    same = []
    for mode in (True, False):
        module.train(mode)
        torch.manual_seed(1)
        by_module = module(make_input())
        torch.manual_seed(1)
        by_function = F.dropout(make_input(), p=p, training=mode, inplace=inplace)
        same.append(torch.equal(by_module, by_function))
    return all(same)


class Forgets(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, input):
        return F.dropout(input, p=self.p)  # 不传 training


def inputs(dtype, shape):
    return lambda: torch.arange(1, 1 + torch.Size(shape).numel(), dtype=dtype).reshape(shape)


# 网格：丢弃概率 x inplace x dtype x 输入形状，每种情形都在 train 和 eval 模式下比较
dropout_cases = {
    f"p={p}, inplace={inplace}, {dtype}, shape {shape}": same_as_f_dropout(
        nn.Dropout(p=p, inplace=inplace), inputs(dtype, shape), p, inplace
    )
    for p in (0.1, 0.5, 0.9)
    for inplace in (False, True)
    for dtype in (torch.float32, torch.float64)
    for shape in ((1, 100), (4, 3, 8, 8))
}

assert train_zeros > 0  # 课程代码在 train 模式下确实丢弃了激活
assert not Net.dropout.training  # Net.eval() 递归地设到了子模块上

# 笔记的说法是否成立（本站据此标注核查结果）
# nn.Dropout 调用 F.dropout，并传入 self.training
note_claim_holds = same_as_f_dropout(DropoutFC().dropout, inputs(torch.float32, (1, 20)), 0.5, False) and all(
    dropout_cases.values()
)
note_claim_cases = dropout_cases
# 对照：同样的测量用在调用 F.dropout 却不传 training 的模块上
note_claim_control = same_as_f_dropout(Forgets(), inputs(torch.float32, (1, 20)), 0.5, False)
