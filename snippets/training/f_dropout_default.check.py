import subprocess
import sys


# 实验：在 eval 模式下把同一个输入前向两次，输出是否相同（dropout 没有效果）
def no_effect_in_eval(module):
    torch.manual_seed(0)
    module.eval()
    return torch.equal(module(x), module(x))


class OldDefault(Forgetful):
    def forward(self, input):
        return F.dropout(self.fc(input), p=0.5, training=False)  # 早期版本 F.dropout 的默认值


# 实验：在新的 Python 进程里运行一段代码，看它能否运行
def runs(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


note_code = "import torch.nn as nn\n\nClass DropoutFC(nn.Module):\n    pass\n"
assert not net.training  # 课程代码确实在 eval 模式下比较

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：不传 training 参数就是 out=out，没有效果
    "training-f-dropout-flag": no_effect_in_eval(Forgetful()),
    # 笔记的代码 Class DropoutFC(nn.Module)：能否运行
    "training-class-typo": runs(note_code),
}
# 对照：同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # training=False（早期版本的默认值）时确实没有效果
    "training-f-dropout-flag": no_effect_in_eval(OldDefault()),
    # 小写的 class
    "training-class-typo": runs(note_code.replace("Class", "class")),
}
