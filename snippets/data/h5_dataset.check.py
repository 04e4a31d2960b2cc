# 在一个新写的测试文件上重做 (上面的代码最后删掉了 data.h5):
# 打开的文件不能 pickle; 在 __getitem__ 中打开则 2 个 worker 读完了 20 个样本
with h5py.File("check.h5", "w") as check_file:
    check_file["dataset"] = np.arange(60, dtype=np.float32).reshape(20, 3)
with h5py.File("check.h5", "r") as check_file:
    try:
        pickle.dumps(check_file)
        picklable = True
    except TypeError:
        picklable = False
rows = sum(len(rows_batch) for rows_batch in DataLoader(H5Dataset("check.h5"), batch_size=8, num_workers=2))
os.remove("check.h5")
assert not picklable and rows == 20

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not picklable and rows == 20
