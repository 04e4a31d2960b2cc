#设置在文件最开始部分
# 编者：要在 import torch、任何 CUDA 调用之前
import os
os.environ["CUDA_VISIBLE_DEVICES"] = "2" # 设置默认的显卡

# 编者：下面几行是编者加的，看看设置的效果
import torch
# 程序只能看到物理编号为 2 的那块卡，它在程序里的编号是 cuda:0
# （机器上没有第 3 块卡或没有 GPU 时，看到的是 0 块）
print(os.environ["CUDA_VISIBLE_DEVICES"])
print(torch.cuda.device_count())
