# 能用 CUDA 的一定是支持 cuda 的版本（反过来不一定：见 environment/is_built_hidden_gpu.py）
assert torch.cuda.is_available() <= torch.backends.cuda.is_built()
