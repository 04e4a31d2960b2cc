# 编者：补上 import，用两个张量代替原笔记中 SSD 损失里的两个张量，并打印它们的 dtype
import torch
loc_loss = torch.tensor(1234.5)  # float32
num_matched_boxes = torch.tensor(279424)  # int64
print(loc_loss.dtype, num_matched_boxes.dtype)

# 因为loc_loss是float32，而num_matched_box是int64，没办法直接除所以转换一下
# 这里是不会损失数据的，因为假如batch_size=32,每个图片8732个，就只有8732*32=279424
# num_matched_boxes最大的值不会超过float32的表示范围的
num_matched_boxes = num_matched_boxes.to(torch.float32)  # Tensor dtype and/or device 转换
loc_loss /= num_matched_boxes   # 除以的是正样本的数目
print(loc_loss)  # 编者：打印结果

# 编者：更正：torch 2.13 的逐元素运算会自动做类型提升 (type promotion)，不转换也能直接运算
a = torch.tensor(1234.5)
a /= torch.tensor(279424)  # float32 /= int64：结果仍是 float32
s = torch.ones(2, dtype=torch.int16) + torch.ones(2, dtype=torch.int32)
print(s.dtype)  # int16 + int32 -> int32
# 但原地运算不会提升 self 的类型：int16 += int32 仍是 int16, int64 /= int64 报错
i16 = torch.ones(2, dtype=torch.int16)
i16 += torch.ones(2, dtype=torch.int32)
print(i16.dtype)
i64 = torch.tensor([6, 4])
try:
    i64 /= torch.tensor([3, 2])
except RuntimeError as err:
    print("RuntimeError:", err)
print(torch.result_type(torch.ones(1, dtype=torch.int16), torch.ones(1)))
