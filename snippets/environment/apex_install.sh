# --no-cache-dir 清除安装缓存文件
pip install -v --no-cache-dir --global-option="--cpp_ext" --global-option="--cuda_ext" ./

# 或者（编者：笔记里这是两条命令之间的一行正文）
python setup.py install --cuda_ext --cpp_ext
