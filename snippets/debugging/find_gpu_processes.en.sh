# nvidia-smi shows a memory leak: GPU memory is in use although no process is listed
nvidia-smi
# fuser -v /dev/nvidia* finds the zombie processes (every process that still holds a GPU device file, with its PID)
fuser -v /dev/nvidia*
