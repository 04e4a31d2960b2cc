# make sure you don't kill other processes! do ps x |grep python first.
ps x | grep python

# 只结束占着显存的那个进程：PID 取自 nvidia-smi 或 fuser -v /dev/nvidia* 的输出
PID=12345            # 换成你要结束的进程号
kill "$PID"          # 先礼貌地结束 (SIGTERM)
# kill -9 "$PID"     # 仍不退出时再强制结束

# 或者按完整命令行匹配，只结束自己的训练脚本
pkill -f train.py
