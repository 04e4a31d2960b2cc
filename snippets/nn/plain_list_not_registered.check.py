assert len(list(bad.parameters())) == 0 and len(list(good.parameters())) == 4
assert bad.layers[0].weight.device.type == "cpu" and good.layers[0].weight.device.type == "meta"

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = len(list(bad.parameters())) == 0 and len(list(good.parameters())) == 4 and "layers.0.weight" not in bad.state_dict()
