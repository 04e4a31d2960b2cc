assert state["weight"].device.type == "cpu"
# state 已被第二次 torch.load 覆盖: 不指定 map_location 的那次载入在这里重做
buffer.seek(0)
assert torch.load(buffer)["weight"].device == torch.device("cuda", 0)
assert network.weight.device.type == "cpu"
