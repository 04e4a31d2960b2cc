# a 后来被重新赋值：a.cuda() 不改变 a 这一步在一个新 tensor 上重做
fresh = torch.LongTensor(1).random_(0, 10)
fresh.cuda()
assert fresh.device.type == "cpu"
assert a.device.type == "cuda"
assert next(model.parameters()).device.type == "cuda"
