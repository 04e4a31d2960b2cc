eval_zeros = (Net(x) == 0).sum().item()

# nn.Dropout 的 forward 就是调用 F.dropout, 并传入 self.training
import inspect

wraps = "F.dropout(input, self.p, self.training" in inspect.getsource(nn.Dropout.forward)
assert wraps and train_zeros > 0 and eval_zeros == 0 and not Net.dropout.training
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = wraps and train_zeros > 0 and eval_zeros == 0
