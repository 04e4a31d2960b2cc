import h5py

print("HDF5", h5py.version.hdf5_version)  # pip 安装的 h5py wheel 自带的 HDF5 库版本
wheel_has_1_10 = tuple(map(int, h5py.version.hdf5_version.split(".")[:2])) >= (1, 10)
assert wheel_has_1_10

# 笔记里的测试：h5py 3 会警告 swmr=True 只对读('r')模式有效，文件并没有进入 SWMR 模式
f = h5py.File("./swmr.h5", 'a', libver='latest', swmr=True)
print(f.swmr_mode)
swmr_after_open = f.swmr_mode
assert swmr_after_open is False

# 写入端的正确做法：打开之后再设置 f.swmr_mode = True
f.swmr_mode = True
print(f.swmr_mode)
assert f.swmr_mode is True
f.close()

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "data-hdf5-source-build": not wheel_has_1_10,  # 要用 1.10 必须源码编译吗?
    "data-swmr-test": swmr_after_open,  # 笔记的这行代码打开了 SWMR 模式吗?
}
