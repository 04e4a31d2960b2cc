import torch

temp = 0
# Editor: count from this snippet's own starting point, and reset the peak here
torch.cuda.synchronize()
torch.cuda.reset_peak_memory_stats()
temp = torch.cuda.memory_allocated()

def print_memory():
    global temp
    t = torch.cuda.memory_allocated()
    print(t - temp)
    delta = t - temp
    temp = t
    return delta

# model initialisation
linear1 = torch.nn.Linear(1024,1024, bias=False).cuda() # + 4194304
print_memory()
linear2 = torch.nn.Linear(1024, 1024, bias=False).cuda() # + 4194304
print_memory()

linear3 = torch.nn.Linear(1024, 1, bias=False).cuda() # + 4096
print_memory()

# input
inputs = torch.tensor([[1.0]*1024]*1024).cuda() # shape = (1024,1024) # + 4194304
print_memory()

# forward pass
x = linear1(inputs) # shape = (1024,1024) # memory + 4194304 
first_matmul = print_memory()  # Editor: keep the first matmul's increase
x = linear2(x) # shape = (1024,1) # memory + 4194304   (editor: actually (1024,1024))
print_memory()

x = linear3(x) # shape = (1) # memory + 4096   (editor: actually (1024,1))
print_memory()


loss = sum(x) # shape = (1) # memory  + 512 (loss has a single element, but torch's smallest allocation is 512)
print_memory()

# backward pass
loss.backward() # memory + 4096 (the 4096 is the last layer's output, the x above: the intermediate outputs cancel out against the gradients, but the last layer's cannot, that output is kept)
print_memory()

loss = sum(linear3(linear2(linear1(inputs)))) # shape = (1) # memory + 4194304 + 4194304 (nothing for the last layer, it was kept; and no 512, because loss still exists)
print_memory()
loss.backward() #  - 4194304 - 4194304 = 4194304 + 4194304 + 4096 - 4194304 - 4194304 - 4096 - 4194304 - 4194304 
print_memory()
peak = torch.cuda.max_memory_allocated()  # editor's addition: the peak up to the second iteration

loss = sum(linear3(linear2(linear1(inputs)))) # shape = (1) # memory + 4194304 + 4194304 (nothing for the last layer, it was kept; and no 512, because loss still exists)
print_memory()
loss.backward() #  - 4194304 - 4194304 = 4194304 + 4194304 + 4096 - 4194304 - 4194304 - 4096 - 4194304 - 4194304 
print_memory()

# editor's addition: with inputs of a fixed size, the peak does not grow after the second iteration
print(peak, torch.cuda.max_memory_allocated())
assert torch.cuda.max_memory_allocated() == peak
# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    # the note: x = linear1(inputs) only adds its output (+ 4194304)
    "gpu-print-memory-workspace": first_matmul == 4194304,
    "gpu-peak-after-second-iteration": torch.cuda.max_memory_allocated() == peak,
}
