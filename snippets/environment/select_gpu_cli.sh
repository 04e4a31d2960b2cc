# 使用 0, 1 两块GPU
CUDA_VISIBLE_DEVICES=0,1 python train.py
