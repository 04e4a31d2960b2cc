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

# on this CPU the result matches the note; but the docs say that for duplicate positions in index
# which src value ends up written is undefined (GPUs may differ): do not rely on "last write wins"
assert torch.equal(a, torch.tensor([[0., 4., 0.], [7., 8., 9.], [12., 13., 14.]]))

# formula (dim == 1): self[i][index[i][j]] = src[i][j], checked at every non-duplicate position
b = torch.zeros(3, 3).scatter_(1, index, src)
for i in range(3):
    for j in range(4):
        dups = (index[i] == index[i][j]).sum()
        if dups == 1:
            assert b[i][index[i][j]] == src[i][j]

# the docs: with duplicate positions in index, which src value is picked is arbitrary (here it happens to be the last)
doc = " ".join(torch.Tensor.scatter_.__doc__.split())
assert "one of the values from ``src`` will be picked arbitrarily" in doc
# Does the note's claim hold? (the site labels the claim from this)
# the note: the later value always overwrites the earlier one
note_claim_holds = "picked arbitrarily" not in doc
