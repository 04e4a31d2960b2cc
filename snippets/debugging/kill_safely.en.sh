# make sure you don't kill other processes! do ps x |grep python first.
ps x | grep python

# end only the process that holds the GPU memory: take the PID from nvidia-smi or fuser -v /dev/nvidia*
PID=12345            # replace with the PID you want to end
kill "$PID"          # ask it to exit first (SIGTERM)
# kill -9 "$PID"     # force it only if it does not exit

# or match the full command line and end only your own training script
pkill -f train.py
