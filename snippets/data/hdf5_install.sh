# 从源码安装 HDF5 1.10（源码包见 https://www.hdfgroup.org/HDF5/release/obtainsrc5110.html），
# 按 readme 操作，基本上只需要在 make 之前给出安装目录：
./configure --prefix=/usr/local/hdf5   # 笔记原文写的是 /usr/local/h5py，与下面的 HDF5_DIR 不一致
make
make install

# 卸载已有的 h5py
conda uninstall h5py
# 或者
pip uninstall h5py

# 用 pip 重新安装 h5py，并指向自己从源码编译的 HDF5 库
# （今天的 pip 默认会装自带 HDF5 的 wheel，要加 --no-binary=h5py 才会真正从源码编译）
HDF5_DIR=/usr/local/hdf5 pip install --no-binary=h5py h5py
