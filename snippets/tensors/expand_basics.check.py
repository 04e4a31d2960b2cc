def view_without_copy(expanded, original, dim):
    # 扩展出的张量与原张量指向同一块数据，且扩展出的维 stride 为 0
    return expanded.data_ptr() == original.data_ptr() and expanded.stride(dim) == 0


def sources(dtype):
    # 三种原张量：连续的；转置得到的不连续张量；从一块更大的数据中切出、起点不为 0 的张量
    base = torch.arange(12).reshape(3, 4).to(dtype)
    return {
        "contiguous (3, 1)": base[:, :1].contiguous(),
        "transposed (3, 1)": base[:1, :3].t(),
        "a slice at offset 5 (3, 1)": base.reshape(-1)[5:8].reshape(3, 1),
    }


def expands_in_place(x, how):
    # expand 的结果：与原张量是同一块数据，起点相同，扩展出的维 stride 为 0，其余的 stride 不变
    if how == "size-1 dim to 4":
        e, grown, kept = x.expand(3, 4), [1], [0]
    elif how == "a new leading dim of 2":
        e, grown, kept = x.expand(2, 3, 5), [0, 2], [1]
    else:  # -1 表示保持该维大小不变
        e, grown, kept = x.expand(-1, 6), [1], [0]
    offset = len(e.shape) - len(x.shape)
    return (
        e.data_ptr() == x.data_ptr()
        and all(e.stride(d) == 0 for d in grown)
        and all(e.stride(d) == x.stride(d - offset) for d in kept)
    )


# 网格：dtype x 原张量的内存布局 x 扩展的方式
expand_cases = {
    f"{dtype}, {layout}, {how}": expands_in_place(x, how)
    for dtype in (torch.float32, torch.float64, torch.int64, torch.bool, torch.complex64)
    for layout, x in sources(dtype).items()
    for how in ("size-1 dim to 4", "a new leading dim of 2", "-1 keeps a dim")
}

# 笔记的说法是否成立（本站据此标注核查结果）
note_claim_holds = view_without_copy(e, x, 1) and all(expand_cases.values())
note_claim_cases = expand_cases
# 对照：repeat 真的复制数据，同样的测量应得 False
note_claim_control = view_without_copy(x.repeat(1, 4), x, 1)
