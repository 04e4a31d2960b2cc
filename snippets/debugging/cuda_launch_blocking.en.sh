# prefix the command with CUDA_LAUNCH_BLOCKING=1 to force synchronous execution
CUDA_LAUNCH_BLOCKING=1 python train.py
