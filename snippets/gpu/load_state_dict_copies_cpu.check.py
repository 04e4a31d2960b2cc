assert network.weight.dtype == torch.float64

# network 后来用 assign=True 又载入了一次: 不带 assign 的载入在一个新模型上重做
fresh = torch.nn.Linear(3, 2)
fresh_weight_before = fresh.weight
fresh.load_state_dict(state)
dtype_after_load = fresh.weight.dtype
assert fresh.weight is fresh_weight_before and fresh.weight.dtype == torch.float32
assert torch.equal(fresh.weight, state["weight"].float())

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 载入 GPU 权重后模型会变到 cuda0 上。CPU 上同样的规则: 载入 float64 权重后参数仍是 float32
note_claim_holds = dtype_after_load == torch.float64
