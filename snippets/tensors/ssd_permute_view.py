# 编者：补上 import，并用一个小卷积层代替 SSD 中的 self.loc_layers[i], x 代替第 i 层特征图
import torch
import torch.nn as nn
torch.manual_seed(0)
anchor = 6
loc_layer = nn.Conv2d(16, anchor * 4, kernel_size=3, padding=1)
x = torch.randn(2, 16, 5, 5)

y_loc = loc_layer(x)  # 编者：原笔记为 self.loc_layers[i](x)
batch_size = y_loc.size(0)  # int
# 此处y_loc的shape是(batch_size, anchor*4, Hi, Wi), pytorch的数据结构为(N, C, H, W)
y_loc = y_loc.permute(0, 2, 3, 1).contiguous()
# 此处y_loc的shape是(batch_size, Hi, Wi, anchor*4)
# 要先把4放到最后，然后再改变shape 变成 ##### (batch_size, anchor_all_number, 4) ######,  anchor_all_number代表anchor的总数
# permute可以对任意高维矩阵进行转置. 但没有 torch.permute() 这个调用方式， 只能 Tensor.permute()。
# view只能用在contiguous的variable上。如果在view之前用了transpose, permute等，需要用contiguous()来返回一个contiguous copy。
y_loc = y_loc.view(batch_size, -1, 4)
print(y_loc.shape)  # 编者：打印结果
