import numpy as np
import torch

arr = np.zeros(3)
t1 = torch.tensor(arr)  # 重新拷贝原始数据
t2 = torch.from_numpy(arr)  # 不拷贝，与 numpy 数组共享内存
arr[0] = 7
print(t1)
print(t2)
