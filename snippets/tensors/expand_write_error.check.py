assert 0 in mask.stride()


def write_spreads(write):
    # 在新的 expand 视图上赋值：不报错，且所有通道都变成 1 时为 True
    view = torch.zeros(2, 1, 1, 3, 3).expand_as(sxing)
    try:
        write(view)
    except RuntimeError:
        return False
    return bool(view.eq(1).all())


def one_channel(view):
    # 只写一个通道（C 和 K 都固定）：写入的区域里没有重叠
    view[:, 0, -2, :, :] = 1


# 笔记的说法是否成立（本站据此标注核查结果）
# 笔记：没有 clone() 时，赋值后所有通道上的 tensor 都会变成 1
note_claim_holds = not isinstance(lesson_error, RuntimeError) and bool(mask.eq(1).all())
# 对照：真的只写一个通道，同样的测量应得 True
note_claim_control = write_spreads(one_channel)
