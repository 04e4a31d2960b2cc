# 5-D 输入同样地调用; 对照: 同一个张量先 unsqueeze(0) 成 4-D, 同样地调用
def bicubic_error(t):
    try:
        F.interpolate(t, scale_factor=4, mode="bicubic")
    except NotImplementedError as err:
        return err
    return None


error_5d = bicubic_error(hmp.unsqueeze(0).unsqueeze(0))
error_4d = bicubic_error(hmp.unsqueeze(0))
assert isinstance(lesson_error, NotImplementedError)

# 笔记的说法是否成立 (本站据此标注核查结果): 3-D 和 5-D 都报错
note_claim_holds = "got 3D" in str(lesson_error) and "got bicubic" in str(lesson_error) and "got 5D" in str(error_5d or "")
note_claim_control = "got 4D" in str(error_4d or "")
