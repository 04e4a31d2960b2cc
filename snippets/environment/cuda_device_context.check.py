assert x.device == torch.device("cuda", idx)
assert torch.cuda.current_device() == 0


def lands_on_first_gpu(tensor):
    # 不带编号的 .cuda() 放到的设备就是 .cuda(0) 的设备吗？
    return tensor.device == torch.ones(2).cuda(0).device


# 笔记的说法是否成立（本站据此标注核查结果）：什么都没设置时
note_claim_holds = lands_on_first_gpu(first)
# 对照：在 torch.cuda.device(idx) 块里建的 x（idx 是最后一块卡）。
# 只有一块卡时 idx 就是 0，分不出来：改用留在 CPU 上的同一个张量，这个测量对它给出 False
control_case = x if torch.cuda.device_count() > 1 else first.cpu()
note_claim_control = lands_on_first_gpu(control_case)
