assert out.data_ptr() == y.data_ptr()  # 同一块内存
assert conv.weight.grad is not None
