assert bad.nonzero().flatten().tolist() == [2, 4]
