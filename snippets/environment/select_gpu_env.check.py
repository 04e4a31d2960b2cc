import subprocess
import sys

# 不设置 CUDA_VISIBLE_DEVICES 的新进程里，机器上一共有几块卡
env = {k: v for k, v in os.environ.items() if k != "CUDA_VISIBLE_DEVICES"}
count = "import torch; print(torch.cuda.device_count())"
all_gpus = int(subprocess.run([sys.executable, "-c", count], env=env, capture_output=True, text=True, check=True).stdout)
# 只剩物理编号为 2 的卡可见：机器上有第 3 块卡时看到 1 块，否则 0 块
assert torch.cuda.device_count() == (1 if all_gpus >= 3 else 0)
