# monitor the GPU, refreshing every 5 seconds; Ctrl+C stops it
nvidia-smi -l 5
# watch the GPU live (run nvidia-smi every second)
watch -n 1 nvidia-smi
# watch the CPU live
watch -n 1 lscpu
# list Python (sub)processes
ps -elf | grep python
# kill process PID (forcefully)
kill -9 12345
# run every 5 seconds, no header line, highlight what changed
watch -n 5 -t -d=cumulative 'nvidia-smi'
