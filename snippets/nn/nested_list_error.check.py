# 对照: 内层也用 nn.ModuleList 包装, 同样地构建, 看它报不报同一个错
def build_error(wrap_inner):
    try:
        nn.ModuleList([wrap_inner([nn.Conv2d(128, 16, 1) for j in range(4)]) for i in range(nstack)])
    except TypeError as err:
        return err
    return None


wrapped_error = build_error(nn.ModuleList)
assert isinstance(lesson_error, TypeError) and build_error(list) is not None

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "is not a Module subclass" in str(lesson_error)
note_claim_control = "is not a Module subclass" in str(wrapped_error or "")
