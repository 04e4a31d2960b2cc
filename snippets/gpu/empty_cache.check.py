assert torch.cuda.memory_allocated() == 0
assert torch.cuda.memory_reserved() < 2**30

# del 之后、empty_cache 之前的状态已经过去：在一个新的 1 GiB tensor 上重做这一步
y = torch.empty(256, 1024, 1024, device="cuda")
del y
assert torch.cuda.memory_allocated() == 0
assert torch.cuda.memory_reserved() >= 2**30
torch.cuda.empty_cache()
