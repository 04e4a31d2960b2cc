import torch

# torch.load 自带的文档: 存储先在 CPU 上反序列化, 再移回保存时所在的设备; map_location 可以改设备
doc = " ".join(torch.load.__doc__.split())
sentence = "They are first deserialized on the CPU and are then moved to the device they were saved from."
print(sentence in doc)
