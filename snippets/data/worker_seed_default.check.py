def same_in_both_workers(column):
    # 两个 worker 抽到的这一列随机数相同吗？
    by_worker = {}
    for row in rows:
        by_worker.setdefault(row[0], []).append(row[column])
    return by_worker[0] == by_worker[1]


assert sorted(by[0] for by in rows) == [0, 0, 1, 1]  # 两个 worker 各取了 2 个样本
assert rows == draw()  # 固定 generator 的种子后可以复现



def epochs_repeat(persistent):
    # 同一个 DataLoader 跑两个 epoch：Dataset 自带的生成器抽到的数，第 2 个 epoch 是否重复第 1 个？
    loader = DataLoader(RandomAugment(), batch_size=None, num_workers=2, persistent_workers=persistent)
    first = [row[3] for row in loader]
    second = [row[3] for row in loader]
    return first == second


# 不用 persistent_workers 时，每个 epoch 都重新从主进程复制 Dataset（生成器回到同一个状态）：每个 epoch 都一样；
# persistent_workers=True 时 worker 保留下来，生成器接着往下抽
assert epochs_repeat(False) and not epochs_repeat(True)

# 笔记的说法是否成立（本站据此标注核查结果）：多进程时随机种子还要注意吗？
# Dataset 自带的生成器没有人替你按 worker 设种子
note_claim_holds = same_in_both_workers(3)
# 对照：torch 为每个 worker 设了种子的 np.random
note_claim_control = same_in_both_workers(1)
