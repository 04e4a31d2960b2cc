import torch
a = torch.arange(1., 10.).view(3,3)
print(a)
# tensor([[1., 2., 3.],
#         [4., 5., 6.],
#         [7., 8., 9.]])
index = torch.LongTensor([
    [1, 1, 1, 1, 1],
    [2, 0, 1, 2, 0],
    [1, 2, 0, 0, 2],
])
# output = torch.gather(input=a, dim=1, index=index)
out = a.gather(dim=1, index=index)  # 与上一行等价（编者：赋给 out 以便打印）
print(out)  # 编者：打印结果
# tensor([[2., 2., 2., 2., 2.],
#         [6., 4., 5., 6., 4.],
#         [8., 9., 7., 7., 9.]])
