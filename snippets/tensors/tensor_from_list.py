# 编者：补上 import；去掉原笔记中 Markdown 转义的反斜杠 (\#)，并给 torch.tensor(x) 加上 print
import torch
x= [(1,2,3,4), [5,6,7,8]] # x[0]是tuple而x[1]是list
print(torch.tensor(x))
