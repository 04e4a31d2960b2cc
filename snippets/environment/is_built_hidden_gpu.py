import os
import subprocess
import sys

# 在一个新进程里问同一个 torch：是不是 CUDA 版，CUDA 能不能用
probe = "import torch; print(torch.backends.cuda.is_built(), torch.cuda.is_available())"


def backends(visible=None):
    env = {k: v for k, v in os.environ.items() if k != "CUDA_VISIBLE_DEVICES"}
    if visible is not None:
        env["CUDA_VISIBLE_DEVICES"] = visible  # "" ：这个进程看不到任何 GPU
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    built, available = out.stdout.split()
    return built == "True", available == "True"


with_gpu = backends()
without_gpu = backends("")
print("GPUs visible:   is_built, is_available =", with_gpu)
print("no GPU visible: is_built, is_available =", without_gpu)
