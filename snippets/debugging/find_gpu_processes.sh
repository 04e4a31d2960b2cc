# 编者：两条命令取自笔记正文（笔记没有代码块），注释据正文改写，括号里的说明是编者加的
# nvidia-smi 发现内存泄露问题，即没有进程时，内存被占用
nvidia-smi
# fuser -v /dev/nvidia* 发现僵尸进程（列出仍打开 GPU 设备文件的进程和它们的 PID）
fuser -v /dev/nvidia*
