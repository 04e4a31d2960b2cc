# a 后来被重新赋值: a.to() 不是 in-place 这一步在一个新 tensor 上重做
fresh = torch.zeros(3)
fresh.to(torch.float64)
not_in_place = fresh.dtype == torch.float32
assert a.dtype == torch.float64
assert model.weight.dtype == torch.float64 and ret is model
assert bn.running_mean is not running_mean and bn.running_mean.dtype == torch.float64
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not_in_place and ret is model and model.weight.dtype == torch.float64
