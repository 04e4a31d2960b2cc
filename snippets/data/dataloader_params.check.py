def batch_sizes(drop_last):
    # 10 个样本、batch_size=4 时各个 batch 的大小
    return [len(batch) for (batch,) in DataLoader(dataset, batch_size=4, drop_last=drop_last)]


def loads_in_main_process(num_workers):
    # get_worker_info() 在取数据的进程里返回 None 吗 (None: 主进程)?
    return next(iter(DataLoader(WhereAmI(), batch_size=None, num_workers=num_workers)))


assert batch_sizes(False) == [4, 4, 2]  # 不丢弃时最后一个 batch 不足 4 个

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "data-num-workers-zero": loads_in_main_process(0),
    "data-drop-last": batch_sizes(True) == [4, 4],  # 不足一个 batch 的 2 个样本被丢弃
}
# 对照: num_workers=1 时在 worker 进程里取数据; drop_last=False 时保留最后 2 个样本
note_claims_control = {
    "data-num-workers-zero": loads_in_main_process(1),
    "data-drop-last": batch_sizes(False) == [4, 4],
}
