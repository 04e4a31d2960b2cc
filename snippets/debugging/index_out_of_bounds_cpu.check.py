import os
import traceback

TORCH_DIR = os.path.dirname(torch.__file__)


def raising_line(error):
    # 抛出异常的那一行代码: 不在 torch 包里的最内层一帧
    frames = [f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(TORCH_DIR)]
    return frames[-1].line


def clear_error_at_scatter(labels):
    # 同样的 scatter_：是否在 scatter_ 这一行抛出指明越界下标的错误
    onehot = torch.zeros(4, 3)
    try:
        onehot.scatter_(1, labels.unsqueeze(1), 1.0)
    except RuntimeError as err:
        return "is out of bounds for dimension 1 with size 3" in str(err) and "scatter_" in raising_line(err)
    return False


assert clear_error_at_scatter(labels)

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = ("index -1 is out of bounds for dimension 1 with size 3" in str(lesson_error)
                    and "scatter_" in raising_line(lesson_error))
# 对照：标签都在范围内，同样的测量：没有错误可报
note_claim_control = clear_error_at_scatter(torch.tensor([2, 0, 1, 1]))
