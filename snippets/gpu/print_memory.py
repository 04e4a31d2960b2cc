import torch

temp = 0
# 编者：从本片段开始时的用量算起，不受之前分配的影响
torch.cuda.synchronize()
temp = torch.cuda.memory_allocated()

def print_memory():
    global temp
    t = torch.cuda.memory_allocated()
    print(t - temp)
    temp = t

# 模型初始化
linear1 = torch.nn.Linear(1024,1024, bias=False).cuda() # + 4194304
print_memory()
linear2 = torch.nn.Linear(1024, 1024, bias=False).cuda() # + 4194304
print_memory()

linear3 = torch.nn.Linear(1024, 1, bias=False).cuda() # + 4096
print_memory()

# 输入定义
inputs = torch.tensor([[1.0]*1024]*1024).cuda() # shape = (1024,1024) # + 4194304
print_memory()

# 前向传播
x = linear1(inputs) # shape = (1024,1024) # memory + 4194304 
print_memory()
x = linear2(x) # shape = (1024,1) # memory + 4194304
print_memory()
# 编者：linear2 的输出形状实为 (1024,1024)

x = linear3(x) # shape = (1) # memory + 4096
print_memory()
# 编者：linear3 的输出形状实为 (1024,1)


loss = sum(x) # shape = (1) # memory  + 512(loss虽然只有一个元素, 但是torch的最小分配是512)
print_memory()

# 后向传播
loss.backward() # memory + 4096 (这里的4096是最后一层的输出, 也就是上面的x的大小, 中间层的输出正好和梯度相互抵消, 但是最后一层的抵消不了, 需要保留这个输出)
print_memory()

loss = sum(linear3(linear2(linear1(inputs)))) # shape = (1) # memory + 4194304 + 4194304 (最后一层不需要再加了, 因为保留了, 512也没了，因为loss也还在)
print_memory()
loss.backward() #  - 4194304 - 4194304 = 4194304 + 4194304 + 4096 - 4194304 - 4194304 - 4096 - 4194304 - 4194304 
print_memory()

loss = sum(linear3(linear2(linear1(inputs)))) # shape = (1) # memory + 4194304 + 4194304 (最后一层不需要再加了, 因为保留了, 512也没了，因为loss也还在)
print_memory()
loss.backward() #  - 4194304 - 4194304 = 4194304 + 4194304 + 4096 - 4194304 - 4194304 - 4096 - 4194304 - 4194304 
print_memory()
