import torch

x= [(1,2,3,4), [5,6,7,8]] # x[0]是tuple而x[1]是list
print(torch.tensor(x))
