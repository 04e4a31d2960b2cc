# 监控GPU, 每 5 秒刷新一次, 按Ctrl+C停止
nvidia-smi -l 5
# 实时监控GPU (每秒执行一次 nvidia-smi)
watch -n 1 nvidia-smi
# 实时监控CPU
watch -n 1 lscpu
# 查看Python子进程
ps -elf | grep python
# 杀死进程PID (强制)
kill -9 12345
# 每 5 秒执行一次, 不显示开头的信息, 高亮发生变动的地方
watch -n 5 -t -d=cumulative 'nvidia-smi'
