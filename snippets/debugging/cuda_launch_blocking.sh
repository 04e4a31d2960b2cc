# 在运行命令前加上 CUDA_LAUNCH_BLOCKING=1, 强制同步执行
CUDA_LAUNCH_BLOCKING=1 python train.py
