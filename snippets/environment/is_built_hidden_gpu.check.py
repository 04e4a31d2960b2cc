import torch

assert with_gpu[1]  # 这台机器上 CUDA 能用 (needs: cuda)
assert with_gpu[0] == without_gpu[0] == torch.backends.cuda.is_built()  # is_built() 不随系统环境变


def built_but_unusable(result):
    # is_built() 为 True, CUDA 却用不了吗？
    built, available = result
    return built and not available


# 笔记的说法是否成立（本站据此标注核查结果）：is_built() 为 True 也不一定能用 CUDA
note_claim_holds = built_but_unusable(without_gpu)
# 对照：同一个 torch, GPU 可见时
note_claim_control = built_but_unusable(with_gpu)
