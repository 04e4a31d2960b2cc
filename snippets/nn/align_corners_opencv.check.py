same_as_opencv = d_default < 1e-5
assert same_as_opencv and d_corners > 0.1

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = same_as_opencv
