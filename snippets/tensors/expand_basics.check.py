assert e.stride() == (1, 0) and e.data_ptr() == x.data_ptr()

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = e.stride() == (1, 0) and e.data_ptr() == x.data_ptr()
