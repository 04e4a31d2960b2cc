# x 是默认的 float32、在 CPU 上, 看不出 dtype/device 是否沿用:
# 改在 float64、meta 设备上的张量和 int32 张量上调用 new_* (不传 dtype/device)
f64_meta = torch.zeros(2, 3, dtype=torch.float64, device="meta")
i32 = torch.zeros(2, 3, dtype=torch.int32)
assert f64_meta.device != torch.ones(1).device and f64_meta.dtype != torch.ones(1).dtype


def keeps(make):
    # make(t) 的结果是否与 t 的 dtype 和 device 相同
    return all(make(t).dtype == t.dtype and make(t).device == t.device for t in (f64_meta, i32))


new_methods = [
    lambda t: t.new_ones(4, 3),
    lambda t: t.new_zeros(2),
    lambda t: t.new_full((2,), 7),
    lambda t: t.new_empty(2),
    lambda t: t.new_tensor([1, 2]),
]
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = all(keeps(make) for make in new_methods)
# 对照: torch.ones 不看原张量, 同样的测量应得 False
note_claim_control = keeps(lambda t: torch.ones(4, 3))
