# 编者：命令取自笔记正文（笔记没有代码块），注释据正文改写；笔记里的占位符 (xxx、[PID]、'command') 换成了示例值，见行末的编者注释
# 监控 GPU，每 5 秒刷新一次，按 Ctrl+C 停止
nvidia-smi -l 5  # 编者：笔记写作 nvidia-smi -l xxx, xxx 是刷新间隔（秒）
# 实时监控 GPU（每秒执行一次 nvidia-smi）
watch -n 1 nvidia-smi
# 实时监控CPU
watch -n 1 lscpu
# 查看Python子进程
ps -elf | grep python
# 杀死进程 PID（强制）
kill -9 12345  # 编者：笔记写作 kill -9 [PID]; 12345 换成要结束的进程号
# 每 5 秒执行一次，不显示开头的信息，高亮发生变动的地方
watch -n 5 -t -d=cumulative 'nvidia-smi'  # 编者：笔记写作 'command'，这里以 nvidia-smi 为例
