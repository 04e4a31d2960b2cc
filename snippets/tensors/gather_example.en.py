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
out = a.gather(dim=1, index=index)  # equivalent to the previous line
print(out)
# tensor([[2., 2., 2., 2., 2.],
#         [6., 4., 5., 6., 4.],
#         [8., 9., 7., 7., 9.]])

# check: the output has the size of index, and torch.gather(input=a, ...) equals a.gather(...)
assert out.shape == index.shape
assert torch.equal(out, torch.gather(input=a, dim=1, index=index))
assert torch.equal(out, torch.tensor([[2., 2., 2., 2., 2.],
                                      [6., 4., 5., 6., 4.],
                                      [8., 9., 7., 7., 9.]]))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = out.shape == index.shape and torch.equal(out, torch.gather(input=a, dim=1, index=index))
