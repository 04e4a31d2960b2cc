# 对照：同样的层放进 nn.Sequential，同样地直接调用，看它报不报同一个错
def missing_forward_error(container):
    try:
        container(torch.randn(2, 4))
    except NotImplementedError as err:
        return err
    return None


sequential_error = missing_forward_error(nn.Sequential(nn.Linear(4, 8), nn.ReLU()))
assert isinstance(lesson_error, NotImplementedError)

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = 'missing the required "forward" function' in str(lesson_error)
note_claim_control = 'missing the required "forward" function' in str(sequential_error or "")
