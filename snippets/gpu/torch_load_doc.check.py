assert sentence in doc
assert "remapped to an alternative set of devices using the :attr:`map_location` argument" in doc

# 笔记的说法是否成立 (本站据此标注核查结果)
# torch.load 把 tensor 还原到保存时的设备; 用 map_location 指定 cpu 就不会占用那块 GPU
note_claim_holds = sentence in doc and "map_location" in doc
