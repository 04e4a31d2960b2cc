import h5py

# 编者：打印 pip 安装的 h5py wheel 自带的 HDF5 库版本
print("HDF5", h5py.version.hdf5_version)

f = h5py.File("./swmr.h5", 'a', libver='latest', swmr=True)
# 编者：打印 f.swmr_mode。h5py 3 会警告 swmr=True 只对读 ('r') 模式有效，文件并没有进入 SWMR 模式
print(f.swmr_mode)

# 编者：写入端的正确做法：打开之后再设置 f.swmr_mode = True
f.swmr_mode = True
print(f.swmr_mode)
f.close()
