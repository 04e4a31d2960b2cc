import torch

num_classes = 3
labels = torch.tensor([2, 0, -1, 1, 3])

# check before training that every label is in [0, num_classes): far easier to find than a device-side assert
bad = (labels < 0) | (labels >= num_classes)
print("bad positions:", bad.nonzero().flatten().tolist())
print("bad values:", labels[bad].tolist())
assert bad.nonzero().flatten().tolist() == [2, 4]
