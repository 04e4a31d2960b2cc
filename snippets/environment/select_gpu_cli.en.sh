# use GPUs 0 and 1
CUDA_VISIBLE_DEVICES=0,1 python train.py
