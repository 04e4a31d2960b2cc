assert m.weight.is_cuda and m.running.is_cuda
assert not m.plain.is_cuda and not m.layers[0].weight.is_cuda
