assert (a + b).shape == (3, 4, 5)
assert a2.stride(1) == 0 and b2.stride(0) == 0
assert a2.data_ptr() == a.data_ptr()

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "tensors-broadcast-rules": (a + b).shape == (3, 4, 5),
    "tensors-broadcast-no-copy": a2.stride(1) == 0 and b2.stride(0) == 0 and a2.data_ptr() == a.data_ptr(),
}
