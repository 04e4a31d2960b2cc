drops_last = len(DataLoader(dataset, batch_size=4, drop_last=True)) == 2
assert drops_last
assert in_main_process

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {"data-num-workers-zero": in_main_process, "data-drop-last": drops_last}
