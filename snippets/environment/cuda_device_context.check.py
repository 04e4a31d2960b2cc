assert x.device == torch.device("cuda", idx)
assert torch.cuda.current_device() == 0


def lands_on_first_gpu(tensor):
    # 不带编号的 .cuda() 放到的设备就是 .cuda(0) 的设备吗?
    return tensor.device == torch.ones(2).cuda(0).device


# 笔记的说法是否成立 (本站据此标注核查结果): 什么都没设置时
note_claim_holds = lands_on_first_gpu(first)
# 对照: 在 torch.cuda.device(idx) 块里建的 x (idx 是最后一块卡)。
# 只有一块卡时 idx 就是 0, 对照与上面相同: 要两块以上的卡才分得出来
note_claim_control = lands_on_first_gpu(x)
