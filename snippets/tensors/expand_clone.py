# 编者：补上 import，并代替原笔记中的 mask_miss (N, 1, 1, H, W) 与 sxing (N, C, K, H, W)
import torch
mask_miss = torch.zeros(2, 1, 1, 3, 3)
sxing = torch.zeros(2, 4, 5, 3, 3)

# 编者：单个元素的赋值不会报错，但会"牵一发动全身"：所有扩展出的位置都指向同一个元素
view = mask_miss.expand_as(sxing)
view[0, 0, 0, 0, 0] = 1
print(view[0, :, :, 0, 0])  # 4x5 个位置全部变成了 1
print(mask_miss[0, 0, 0, 0, 0])  # 原始张量也被改了
# 写入的区域里没有重叠（每个 batch 只写 1 个元素）时也不报错，照样改动所有共享的位置
view[:, 0, 0, 0, 0] = 2
print(view[:, :, :, 0, 0].unique(), mask_miss[:, 0, 0, 0, 0])

# 编者：先把上面改过的 mask_miss 清零；下面是原笔记的正确做法：expand 之后 clone()，得到独立的内存再修改
mask_miss.zero_()

mask = mask_miss.expand_as(sxing).clone()            # type: torch.Tensor
mask[:, :, -2, :, :] = 1   # except for person mask channel
print(mask[0, 0, :, 0, 0], mask_miss.sum())  # 编者：打印结果
