import weakref  # 编者加

import torch  # 编者加
import torch.nn as nn  # 编者加

# 编者：补上 model、criterion、optimizer、input、target，以及数图节点的 graph_size，让代码能单独运行
torch.manual_seed(0)
model = nn.Linear(10, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
input, target = torch.randn(16, 10), torch.randn(16, 1)
# 数一数从 t.grad_fn 出发能走到的计算图节点
def graph_size(t):
    seen, stack = set(), [t.grad_fn] if torch.is_tensor(t) and t.grad_fn else []
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        stack.extend(next_fn for next_fn, _ in fn.next_functions)
    return len(seen)


total_loss=0
for i in range(1, 1001):  # 编者：原文 range(10000)；从 1 数到 1000，打印第 1/10/100/1000 步
  optimizer.zero_grad()
  output=model(input)
  loss=criterion(output, target)  # 编者：原文 criterion(output), MSELoss 还需要 target
  loss.backward() # 计算的梯度自动叠加到各个权重的grad上，并且计算完成后销毁计算图！！！
  optimizer.step()
  total_loss+=loss
  #这里total_loss是跨越循环的变量，起着累加的作用，
  #loss变量是带有梯度的tensor，会保持历史梯度信息，在循环过程中会不断积累梯度信息到tota_loss，占用内存
  if i in (1, 10, 100, 1000):  # 编者加
      print(f"step {i:4d}: total_loss is {type(total_loss).__name__}, graph nodes: {graph_size(total_loss)}")  # 编者加

# 编者：下面是编者加的
# backward() 之后图中保存的中间张量 (saved tensors) 已经释放，但节点本身被 total_loss 一直引用着
try:
    loss.grad_fn._saved_self
except RuntimeError as err:
    print("RuntimeError:", str(err).split(".")[0])

# 编者：修正：total_loss += loss.item()（或 float(loss)）只累加 python 数值
total_loss=0
for i in range(1000):
  optimizer.zero_grad()
  loss=criterion(model(input), target)
  loss.backward()
  optimizer.step()
  total_loss += loss.item() # tensor.item()是取张量的python数值
print(f"fixed: total_loss is {type(total_loss).__name__}, graph nodes: {graph_size(total_loss)}")

# 编者：list 不断 append 带梯度的 loss 也一样；append(loss.item()) 或 loss.detach() 即可
losses = [criterion(model(input), target) for _ in range(100)]
print("list of 100 losses keeps", sum(graph_size(l) for l in losses), "graph nodes alive")

# 编者：没有 backward() 的验证循环（又忘了 torch.no_grad()）更糟：每一轮的中间张量都被 total_loss 留在内存里
def validate(accumulate):
    outputs, total_loss = [], 0
    for _ in range(100):
        output = model(torch.randn(16, 10))
        outputs.append(weakref.ref(output))
        total_loss += accumulate(criterion(output, target))
    del output
    return sum(ref() is not None for ref in outputs)


kept, freed = validate(lambda l: l), validate(lambda l: l.item())  # 编者加
print("validation, total_loss += loss:        outputs still in memory:", kept)  # 编者加
print("validation, total_loss += loss.item(): outputs still in memory:", freed)  # 编者加
