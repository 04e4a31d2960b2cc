import os
import warnings
from pathlib import Path

# 这个 h5py 是 pip 装的 wheel，没有从源码编译：HDF5 库就打包在 wheel 里 (h5py.libs)
assert any(Path(h5py.__file__).parent.parent.glob("h5py.libs/libhdf5*"))


def swmr_write_starts(libver):
    # 用这个文件格式新建文件后，能进入 SWMR 写模式吗（SWMR 是 HDF5 1.10 的新功能）?
    try:
        with h5py.File("swmr_format.h5", "w", libver=libver) as new_file:
            new_file.swmr_mode = True
            return new_file.swmr_mode
    except (RuntimeError, ValueError):
        return False
    finally:
        os.remove("swmr_format.h5")


def swmr_after_open(mode):
    # 按笔记的写法 (libver='latest', swmr=True) 打开后，文件处于 SWMR 模式吗？
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # 'a' 模式下 h5py 的警告，上面已经展示过
        with h5py.File("./swmr_check.h5", mode, libver="latest", swmr=True) as check_file:
            return check_file.swmr_mode


# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 要用 HDF5 1.10 必须源码编译吗？pip 装的 h5py 直接用 1.10 格式进入 SWMR 写模式
    "data-hdf5-source-build": not swmr_write_starts(("v110", "v110")),
    # 笔记的这行代码（'a' 模式）打开了 SWMR 模式吗？
    "data-swmr-test": swmr_after_open("a"),
}
note_claims_control = {
    # 对照：1.10 之前的文件格式 (libver='earliest') 进不了 SWMR 写模式
    "data-hdf5-source-build": not swmr_write_starts("earliest"),
    # 对照：同样的参数在读 ('r') 模式下会进入 SWMR 模式
    "data-swmr-test": swmr_after_open("r"),
}
os.remove("./swmr_check.h5")
