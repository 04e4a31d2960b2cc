def gather_error(index_shape):
    # a.gather(1, index) 报的错 (index 的形状为 index_shape); 不报错时为 None
    try:
        a.gather(1, torch.zeros(index_shape, dtype=torch.long))
    except RuntimeError as err:
        return err
    return None


# dim 维上更长的 index 只会重复选到同一个元素 (这里是第 0 列)
repeats = torch.equal(longer_along_dim, a[:, :1].expand(3, 5))
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "Size does not match at dimension 0" in str(lesson_error) and repeats
# 对照: 其他维不超过 input 的 index (3, 2), 同样的测量应得 False
note_claim_control = "Size does not match at dimension 0" in str(gather_error((3, 2))) and repeats
