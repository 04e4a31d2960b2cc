import torch

# torch.load 自带的文档: 存储先在 CPU 上反序列化, 再移回保存时所在的设备; map_location 可以改设备
doc = " ".join(torch.load.__doc__.split())
sentence = "They are first deserialized on the CPU and are then moved to the device they were saved from."
print(sentence in doc)
assert sentence in doc
assert "remapped to an alternative set of devices using the :attr:`map_location` argument" in doc

# 笔记的说法是否成立 (本站据此标注核查结果)
# torch.load 把 tensor 还原到保存时的设备; 用 map_location 指定 cpu 就不会占用那块 GPU
note_claim_holds = sentence in doc and "map_location" in doc
