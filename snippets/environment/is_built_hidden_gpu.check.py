import torch

assert with_gpu[1]  # 这台机器上 CUDA 能用 (needs: cuda)
assert with_gpu[0] == without_gpu[0] == torch.backends.cuda.is_built()  # is_built() 不随系统环境变


def built_but_unusable(result):
    # is_built() 为 True, CUDA 却用不了吗？
    built, available = result
    return built and not available


# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：is_built() 为 True 也不一定能用 CUDA
# 网格：让进程看不到 GPU 的几种写法：空、-1（第一个无效编号之后的都看不到）、不存在的编号
note_claim_cases = {
    f'CUDA_VISIBLE_DEVICES="{visible}"': built_but_unusable(backends(visible)) for visible in ("", "-1", "99")
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同一个 torch, GPU 可见时
note_claim_control = built_but_unusable(with_gpu)
