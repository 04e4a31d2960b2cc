assert not t.is_contiguous() and v.data_ptr() == t.data_ptr()

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: view 只能用在 contiguous 的张量上
note_claim_holds = not (not t.is_contiguous() and v.data_ptr() == t.data_ptr())
