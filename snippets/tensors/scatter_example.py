import torch
a = torch.zeros(3, 3)
print(f'a:\n{a}')
# tensor([[0., 0., 0.],
#         [0., 0., 0.],
#         [0., 0., 0.]])
src = torch.arange(1., 16.).view(3,5)
print(f'src:\n{src}')
# tensor([[ 1.,  2.,  3.,  4.,  5.],
#         [ 6.,  7.,  8.,  9., 10.],
#         [11., 12., 13., 14., 15.]])
index = torch.LongTensor([
    [1, 1, 1, 1],
    [2, 0, 1, 2],
    [2, 0, 1, 2],
])
a.scatter_(dim=1, index=index, src=src)
print(f'a:\n{a}')
# tensor([[ 0.,  4.,  0.],
#         [ 7.,  8.,  9.],
#         [12., 13., 14.]])
